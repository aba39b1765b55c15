// Deliveries in bulk (issue 19): the multisend tool's report, a wallet address and a transaction hash
// per line, pasted or read from its file. The server takes all of it or none.
import { deliveryImportBodySchema } from '@/contracts/distribution';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useImportDeliveries } from '@/web/api/distribution';
import { useServerForm } from '@/web/hooks/use-server-form';

export function DeliveryImportForm({ distributionId }: { distributionId: number }) {
  const importCsv = useImportDeliveries(distributionId);
  const { register, onSubmit, setValue, reset, formState } = useServerForm({
    schema: deliveryImportBodySchema,
    defaultValues: { csv: '' },
    fields: ['csv'] as const,
    submit: ({ csv }) => importCsv.mutateAsync(csv),
    successToast: (r) => `Recorded ${r.recorded} ${r.recorded === 1 ? 'delivery' : 'deliveries'}${r.alreadyRecorded > 0 ? ` (${r.alreadyRecorded} recorded before)` : ''}`,
    errorToast: { fallback: 'The deliveries could not be imported.', unlessShownAtFields: true },
    onSuccess: () => reset({ csv: '' }),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={`Import deliveries of distribution ${distributionId}`} className="grid gap-3">
      <FormField
        label="Deliveries CSV"
        error={formState.errors.csv?.message}
        hint="A wallet address and a transaction hash per line, as your multisend tool reports them; a header and other columns are ignored. Every line must match a buyer of this distribution, or nothing is recorded."
      >
        <Textarea rows={4} spellCheck={false} className="font-mono text-xs" placeholder={'address,txHash\n0x…,0x…'} {...register('csv')} />
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <label className="text-sm">
          <span className="sr-only">Read the deliveries from a file</span>
          <Input
            type="file"
            accept=".csv,text/csv,text/plain"
            className="max-w-xs"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) setValue('csv', await file.text(), { shouldValidate: true });
            }}
          />
        </label>
        <Button type="submit" variant="outline" disabled={importCsv.isPending}>
          {importCsv.isPending ? <Spinner /> : null}
          Import deliveries
        </Button>
      </div>
    </form>
  );
}
