// The operator's decision on an overpayment's excess: credit it at the order's rate, or record that
// it was sent back (with how, for the buyer and the audit log).
import { excessBodySchema, type AdminOrder } from '@/contracts/orders';
import { dec, toPlain } from '@/domain/decimal';
import { piecesText, piecesWithExtra, summed } from '@/domain/stages';
import { useSettleExcess } from '@/web/api/orders';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { formatAmount } from '@/web/lib/format';
import { OverCapOverride, useOverCapForm } from './over-cap-override';

export type ExcessAction = 'credit' | 'refunded';

/**
 * What crediting the excess adds to the order, as the server credits it: the tokens it buys at the
 * price of the order's last piece, into that stage, and the bonus the order's new level gives.
 */
function excessCredit(order: AdminOrder, excess: string): { tokens: string; bonusTokens: string; pieces: string } {
  // The excess has no more decimals than the currency's own: kept to 8, it stays whole.
  const grown = summed(piecesWithExtra(order.pieces, excess, null));
  return { tokens: toPlain(dec(grown.tokens).minus(order.tokens)), bonusTokens: toPlain(dec(grown.bonusTokens).minus(order.bonusTokens)), pieces: piecesText(grown.pieces) };
}

export function ExcessDialog({ order, action, onClose }: { order: AdminOrder | null; action: ExcessAction | null; onClose: () => void }) {
  const settle = useSettleExcess();
  const excess = order?.payment?.excess ?? '0';
  const code = order?.crypto.code ?? '';
  const { form, overCap, close } = useOverCapForm(
    {
      schema: excessBodySchema,
      values: { action: action ?? 'credit', note: '', overrideHardCap: false },
      fields: ['note'],
      submit: (body, overrideHardCap) => settle.mutateAsync({ orderId: order?.orderId ?? 0, body: { ...body, overrideHardCap } }),
      successToast: action === 'credit' ? 'Excess credited' : 'Refund recorded',
      failure: 'The excess could not be settled.',
    },
    onClose,
  );
  const credit = order && action === 'credit' ? excessCredit(order, excess) : null;
  return (
    <Dialog open={order !== null && action !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{action === 'credit' ? 'Credit the excess' : 'Mark the excess refunded'}</DialogTitle>
            <DialogDescription>
              {formatAmount(excess)} {code} more than order #{order?.id} asked arrived from {order?.buyer.email}.{' '}
              {credit
                ? `At the order's rate it buys ${formatAmount(credit.tokens)} more tokens and ${formatAmount(credit.bonusTokens)} more bonus; the order becomes ${credit.pieces}. This cannot be undone.`
                : 'Send it back from your wallet first, then record how; the buyer sees your note.'}
            </DialogDescription>
          </DialogHeader>
          <FormField label={action === 'credit' ? 'Note (optional)' : 'How it was refunded'} error={form.formState.errors.note?.message}>
            <Textarea rows={2} maxLength={500} placeholder={action === 'credit' ? '' : 'The refund’s transaction hash, or how the buyer was paid back'} {...form.register('note')} />
          </FormField>
          <OverCapOverride state={overCap} label="Credit beyond the cap" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting || overCap.blocked}>
              {form.formState.isSubmitting ? <Spinner /> : null}
              {action === 'credit' ? 'Credit the excess' : 'Mark refunded'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
