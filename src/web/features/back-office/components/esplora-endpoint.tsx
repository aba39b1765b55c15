// Where Bitcoin transaction ids that buyers paste are looked up (issue 13): an Esplora-compatible
// API. The server asks it for its tip before saving, so a wrong URL is refused at the field.
import type { PaymentSettings } from '@/contracts/payments';
import { esploraBodySchema } from '@/contracts/payments';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useRemoveEsplora, useSetEsplora } from '@/web/api/admin/payments';
import { useServerForm } from '@/web/hooks/use-server-form';
import { toast } from '@/web/lib/toast';
import { Can } from './can';

export function EsploraEndpoint({ esplora }: { esplora: PaymentSettings['esplora'] }) {
  // Bitcoin is the one chain with lookups so far.
  const current = esplora[0] ?? null;
  const save = useSetEsplora();
  const remove = useRemoveEsplora();
  const { register, onSubmit, formState } = useServerForm({
    schema: esploraBodySchema,
    defaultValues: { esploraUrl: '' },
    fields: ['esploraUrl'] as const,
    submit: ({ esploraUrl }) => save.mutateAsync(esploraUrl),
    successToast: 'Esplora endpoint saved',
    errorToast: { fallback: 'Failed to save the endpoint.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset({ esploraUrl: '' }),
  });
  return (
    <Card role="region" aria-labelledby="esplora-title">
      <CardHeader>
        <CardTitle id="esplora-title">Bitcoin transaction lookups</CardTitle>
        <CardDescription>
          When a buyer attaches a Bitcoin transaction id, the order&apos;s details show what the chain says about it, read from this Esplora API (mempool.space&apos;s, blockstream.info&apos;s, or
          your own). EVM hashes are read from the chain&apos;s endpoint above.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">
          {current ? (
            <>
              Looking up Bitcoin transactions at <span className="font-mono">{current.host}</span>.
            </>
          ) : (
            <span className="text-muted-foreground">No endpoint: Bitcoin transaction ids are not looked up.</span>
          )}
        </p>
        <Can need="own">
          <form onSubmit={onSubmit} noValidate aria-label="Esplora endpoint" className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
            <FormField label="Esplora API URL" error={formState.errors.esploraUrl?.message} hint="For example https://mempool.space/api. Only the host is shown after saving: the URL may hold an API key.">
              <Input type="url" spellCheck={false} autoComplete="off" placeholder="https://…" {...register('esploraUrl')} />
            </FormField>
            <div className="flex gap-2 sm:pt-6">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Spinner /> : null}
                Save endpoint
              </Button>
              {current ? (
                <Button
                  type="button"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(undefined, {
                      onSuccess: () => toast.success('Esplora endpoint removed'),
                      onError: (e) => toast.error(e instanceof Error ? e.message : 'Failed to remove the endpoint.'),
                    })
                  }
                >
                  Remove
                </Button>
              ) : null}
            </div>
          </form>
        </Can>
      </CardContent>
    </Card>
  );
}
