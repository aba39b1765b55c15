// Records the transaction that sent one buyer's tokens of a distribution (issue 19). A delivery
// never changes once recorded, so the dialog says so.
import { deliveryBodySchema, type DistributionRowView } from '@/contracts/distribution';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useRecordDelivery } from '@/web/api/distribution';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatAmount } from '@/web/lib/format';

const formSchema = deliveryBodySchema.pick({ txHash: true });

export function RecordDeliveryDialog({ distributionId, row, onClose }: { distributionId: number; row: DistributionRowView | null; onClose: () => void }) {
  const record = useRecordDelivery(distributionId);
  const { register, onSubmit, reset, formState } = useServerForm({
    schema: formSchema,
    defaultValues: { txHash: '' },
    fields: ['txHash'] as const,
    submit: ({ txHash }) => record.mutateAsync({ userId: row?.userId ?? 0, txHash }),
    successToast: 'Delivery recorded',
    errorToast: { fallback: 'The delivery could not be recorded.', unlessShownAtFields: true },
    onSuccess: () => close(),
  });
  const close = () => {
    reset({ txHash: '' });
    onClose();
  };
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Record delivery">
          <DialogHeader>
            <DialogTitle>Record delivery</DialogTitle>
            <DialogDescription>
              {row ? `${formatAmount(row.tokens)} tokens (${row.units} base units) to ${row.wallet ?? ''} for ${row.email}.` : ''} The buyer sees the transaction on their Token Hub. A
              delivery cannot be changed once recorded.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Transaction hash" error={formState.errors.txHash?.message}>
            <Input spellCheck={false} autoComplete="off" placeholder="0x…" className="font-mono" {...register('txHash')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? <Spinner /> : null}
              Record
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
