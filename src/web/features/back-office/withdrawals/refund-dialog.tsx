// Completes a buyer's withdrawal by recording the refund sent back (decision 040): amount in the
// order's currency, the transaction, a note. The tokens leave the buyer's balance at once.
import { refundBodySchema, type AdminWithdrawal } from '@/contracts/withdrawals';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useCompleteWithdrawal } from '@/web/api/withdrawals';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatAmount, formatPayAmount } from '@/web/lib/format';

const EMPTY = { amount: '', txHash: '', note: '' };

export function RefundDialog({ request, onClose }: { request: AdminWithdrawal | null; onClose: () => void }) {
  const complete = useCompleteWithdrawal();
  const { register, onSubmit, reset, formState } = useServerForm({
    schema: refundBodySchema,
    defaultValues: EMPTY,
    fields: ['amount', 'txHash', 'note'] as const,
    submit: (body) => complete.mutateAsync({ id: request?.id ?? 0, body }),
    successToast: 'Refund recorded: the order is withdrawn',
    errorToast: { fallback: 'The refund could not be recorded.', unlessShownAtFields: true },
    onSuccess: () => close(),
  });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const { errors } = formState;
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label="Record refund">
          <DialogHeader>
            <DialogTitle>Record refund</DialogTitle>
            <DialogDescription>
              {request
                ? `Order #${request.order} of ${request.buyer.email}: paid ${formatPayAmount(request.payAmount)} ${request.crypto} for ${formatAmount(request.tokens)} tokens and ${formatAmount(request.bonusTokens)} bonus.`
                : ''}{' '}
              Recording the refund withdraws the order: its tokens and bonus leave the buyer&apos;s balance, return to the sale, and the rewards it paid are reversed. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <FormField label={`Amount refunded${request ? ` (${request.crypto})` : ''}`} error={errors.amount?.message}>
            <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
          </FormField>
          <FormField label="Refund transaction hash" error={errors.txHash?.message}>
            <Input spellCheck={false} autoComplete="off" className="font-mono" {...register('txHash')} />
          </FormField>
          <FormField label="Note" error={errors.note?.message} hint="The buyer reads it.">
            <Textarea rows={2} {...register('note')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={complete.isPending}>
              {complete.isPending ? <Spinner /> : null}
              Record refund
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
