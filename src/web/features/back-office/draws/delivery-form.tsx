// Recording a drawn prize's delivery, once (decision 035).
import { deliveryBodySchema } from '@/contracts/draws';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useRecordDelivery } from '@/web/api/draws';
import { useServerForm } from '@/web/hooks/use-server-form';

export function DeliveryForm({ id }: { id: number }) {
  const record = useRecordDelivery();
  const {
    register,
    onSubmit,
    formState: { errors },
  } = useServerForm({
    schema: deliveryBodySchema,
    defaultValues: { note: '' },
    fields: ['note'],
    submit: (body) => record.mutateAsync({ id, note: body.note }),
    successToast: 'Delivery recorded',
    errorToast: { fallback: 'Failed to record the delivery.', unlessShownAtFields: true },
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
      <FormField label="Delivery" error={errors.note?.message} hint="Carrier, tracking number, date: the winner sees it on their dashboard.">
        <Input {...register('note')} />
      </FormField>
      <Button type="submit" disabled={record.isPending}>
        {record.isPending ? <Spinner /> : null}
        Record delivery
      </Button>
    </form>
  );
}
