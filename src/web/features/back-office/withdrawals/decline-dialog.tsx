// Declines a buyer's withdrawal with the reason they read on their order (decision 040).
import { declineBodySchema, type AdminWithdrawal } from '@/contracts/withdrawals';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useDeclineWithdrawal } from '@/web/api/withdrawals';
import { useServerForm } from '@/web/hooks/use-server-form';

export function DeclineDialog({ request, onClose }: { request: AdminWithdrawal | null; onClose: () => void }) {
  const decline = useDeclineWithdrawal();
  const { register, onSubmit, reset, formState } = useServerForm({
    schema: declineBodySchema,
    defaultValues: { reason: '' },
    fields: ['reason'] as const,
    submit: (body) => decline.mutateAsync({ id: request?.id ?? 0, body }),
    successToast: 'Withdrawal declined',
    errorToast: { fallback: 'The withdrawal could not be declined.', unlessShownAtFields: true },
    onSuccess: () => close(),
  });
  const close = () => {
    reset({ reason: '' });
    onClose();
  };
  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4" aria-label="Decline withdrawal">
          <DialogHeader>
            <DialogTitle>Decline withdrawal</DialogTitle>
            <DialogDescription>{request ? `Order #${request.order} of ${request.buyer.email} stays approved.` : ''} The buyer reads the reason on their order and by e-mail.</DialogDescription>
          </DialogHeader>
          <FormField label="Reason" error={formState.errors.reason?.message}>
            <Textarea rows={3} {...register('reason')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? <Spinner /> : null}
              Decline
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
