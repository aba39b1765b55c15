import { useState } from 'react';
import { TriangleAlert } from 'lucide-react';
import { toast } from '@/web/lib/toast';
import type { AdminOrder, CreditBasis } from '@/contracts/orders';
import { dec } from '@/domain/decimal';
import { piecesForReceived, piecesText, summed } from '@/domain/stages';
import { Alert, AlertDescription, AlertTitle } from '@/web/components/ui/alert';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { errorMessage } from '@/web/lib/api-client';
import { formatAmount, formatPayAmount } from '@/web/lib/format';
import { useDecideOrder, type Decision } from '@/web/api/orders';
import { OverCapOverride, useOverCap } from './over-cap-override';

const TEXT: Record<Decision, { title: string; button: string; done: string; explain: string }> = {
  approve: { title: 'Approve payment', button: 'Approve', done: 'Payment approved', explain: 'The buyer is credited with the tokens and the bonus. This cannot be undone.' },
  reject: { title: 'Reject payment', button: 'Reject', done: 'Payment rejected', explain: 'The order is closed without credit. This cannot be undone.' },
  delete: { title: 'Delete order', button: 'Delete', done: 'Order deleted', explain: 'The order is removed. Approved orders are never deleted.' },
};

/** The credits an approval may choose between, when the watcher saw what arrived at the order's deposit address. */
function creditChoices(order: AdminOrder): { basis: CreditBasis; label: string }[] {
  const p = order.payment;
  if (!p || !dec(p.received).gt(0)) return [];
  if (p.verdict === 'paid' && order.status !== 'expired') return [];
  const code = order.crypto.code;
  // What arrived has no more decimals than the currency's own, so kept to 8 it is kept whole.
  const atOrderPrices = summed(piecesForReceived(order.pieces, p.received, null));
  const choices: { basis: CreditBasis; label: string }[] = [
    { basis: 'ordered', label: `The order as placed: ${formatAmount(order.tokens)} tokens + ${formatAmount(order.bonusTokens)} bonus for ${formatPayAmount(order.payAmount)} ${code} (${piecesText(order.pieces)})` },
    {
      basis: 'received',
      label: `What arrived at the order's rate: ${formatAmount(p.received)} ${code} buys ${formatAmount(atOrderPrices.tokens)} tokens + ${formatAmount(atOrderPrices.bonusTokens)} bonus${atOrderPrices.pieces.length > 0 ? ` (${piecesText(atOrderPrices.pieces)})` : ''}`,
    },
  ];
  if (order.status === 'expired') choices.push({ basis: 'received-current', label: `What arrived at today's rate: ${formatAmount(p.received)} ${code}, priced across the stages open when you approve` });
  return choices;
}

/** Whether anything shows the order was paid: a hash the buyer attached, or a payment the watcher saw at its deposit address. */
function hasPaymentEvidence(order: AdminOrder): boolean {
  return order.txHash !== null || (order.payment !== null && (order.payment.verdict !== 'waiting' || dec(order.payment.received).gt(0)));
}

/** Confirms an operator's decision on an order, with an optional note kept in the audit log. */
export function DecisionDialog({ order, decision, onClose }: { order: AdminOrder | null; decision: Decision; onClose: () => void }) {
  const decide = useDecideOrder();
  const [note, setNote] = useState('');
  const overCap = useOverCap();
  const choices = decision === 'approve' && order ? creditChoices(order) : [];
  // An underpaid order is credited for what came unless the operator says otherwise.
  const [credit, setCredit] = useState<CreditBasis | null>(null);
  const chosen = credit ?? (order?.payment?.verdict === 'underpaid' && choices.length > 0 ? 'received' : 'ordered');
  const [failure, setFailure] = useState<string | null>(null);
  const text = TEXT[decision];
  const close = () => {
    setNote('');
    setCredit(null);
    setFailure(null);
    overCap.reset();
    onClose();
  };
  return (
    <Dialog open={order !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogDescription>
            Order #{order?.id}: {order ? `${formatPayAmount(order.payAmount)} ${order.crypto.code} for ${formatAmount(order.tokens)} tokens` : ''} from {order?.buyer.email}. {text.explain}
          </DialogDescription>
        </DialogHeader>
        {decision === 'approve' && order && !hasPaymentEvidence(order) ? (
          <Alert variant="warning">
            <TriangleAlert aria-hidden />
            <AlertTitle>No payment evidence</AlertTitle>
            <AlertDescription className="text-foreground">
              The buyer attached no transaction hash and no payment was seen at a watched address. Approve only if you found the payment yourself, in your wallet or on an explorer.
            </AlertDescription>
          </Alert>
        ) : null}
        {choices.length > 0 ? (
          <fieldset className="grid gap-2 text-sm">
            <legend className="mb-1 font-medium">Credit</legend>
            {choices.map((c) => (
              <label key={c.basis} className="flex items-start gap-2">
                <input type="radio" name="credit" className="mt-0.5 size-4" checked={chosen === c.basis} onChange={() => setCredit(c.basis)} />
                <span>{c.label}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {decision !== 'delete' ? (
          <FormField label="Note (optional)">
            <Textarea rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
          </FormField>
        ) : null}
        <OverCapOverride state={overCap} label="Approve beyond the cap" />
        {failure ? (
          <p role="alert" className="text-destructive text-sm">
            {failure}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            variant={decision === 'approve' ? 'default' : 'destructive'}
            disabled={decide.isPending || overCap.blocked}
            onClick={() => {
              if (!order) return;
              setFailure(null);
              decide.mutate(
                { orderId: order.orderId, decision, note, overrideHardCap: overCap.override, credit: chosen },
                {
                  onSuccess: () => {
                    toast.success(text.done);
                    close();
                  },
                  onError: (error) => {
                    if (!overCap.take(error)) setFailure(errorMessage(error, `Failed: ${text.title.toLowerCase()}.`));
                  },
                },
              );
            }}
          >
            {decide.isPending ? <Spinner /> : null}
            {text.button}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
