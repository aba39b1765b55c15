// Where the transaction hashes buyers paste are looked up (issue 13), per network without a watched
// key: Bitcoin on an Esplora API, TRON on a TronGrid-compatible API, Solana on a JSON-RPC endpoint.
// The server asks each endpoint for its newest block before saving, so a wrong URL is refused at the field.
import { lookupBodySchema, type PaymentSettings } from '@/contracts/payments';
import { LOOKUP_NETWORKS, type LookupNetwork } from '@/domain/networks';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Spinner } from '@/web/components/ui/spinner';
import { useRemoveLookup, useSetLookup } from '@/web/api/payments';
import { useServerForm } from '@/web/hooks/use-server-form';
import { toast } from '@/web/lib/toast';
import { Can } from '@/web/features/back-office/shell/can';

const NETWORKS: Record<LookupNetwork, { name: string; label: string; example: string }> = {
  bitcoin: { name: 'Bitcoin', label: 'Esplora API URL', example: 'https://mempool.space/api' },
  tron: { name: 'TRON', label: 'TronGrid API URL', example: 'https://api.trongrid.io' },
  solana: { name: 'Solana', label: 'Solana RPC URL', example: 'https://api.mainnet-beta.solana.com' },
};

function LookupForm({ network, host }: { network: LookupNetwork; host: string | null }) {
  const { name, label, example } = NETWORKS[network];
  const save = useSetLookup();
  const remove = useRemoveLookup();
  const { register, onSubmit, formState } = useServerForm({
    schema: lookupBodySchema,
    defaultValues: { url: '' },
    fields: ['url'] as const,
    submit: ({ url }) => save.mutateAsync({ network, url }),
    successToast: `${name} lookups saved`,
    errorToast: { fallback: 'Failed to save the endpoint.', unlessShownAtFields: true },
    onSuccess: (_, { form }) => form.reset({ url: '' }),
  });
  return (
    <section aria-label={`${name} lookups`} className="grid gap-2 border-t pt-4 first:border-t-0 first:pt-0">
      <h3 className="font-semibold">{name}</h3>
      <p className="text-sm">
        {host ? (
          <>
            Looking up {name} transactions at <span className="font-mono">{host}</span>.
          </>
        ) : (
          <span className="text-muted-foreground">No endpoint: {name} transactions are not looked up.</span>
        )}
      </p>
      <Can need="own">
        <form onSubmit={onSubmit} noValidate aria-label={`${name} lookup endpoint`} className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
          <FormField label={label} error={formState.errors.url?.message} hint={`For example ${example}. Only the host is shown after saving: the URL may hold an API key.`}>
            <Input type="url" spellCheck={false} autoComplete="off" placeholder="https://…" {...register('url')} />
          </FormField>
          <div className="flex gap-2 sm:pt-6">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              Save endpoint
            </Button>
            {host ? (
              <Button
                type="button"
                variant="outline"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(network, {
                    onSuccess: () => toast.success(`${name} lookups removed`),
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
    </section>
  );
}

export function LookupEndpoints({ lookups }: { lookups: PaymentSettings['lookups'] }) {
  return (
    <Card role="region" aria-labelledby="lookups-title">
      <CardHeader>
        <CardTitle id="lookups-title">Transaction lookups</CardTitle>
        <CardDescription>
          When a buyer attaches a transaction hash, the order&apos;s details show what the chain says about it, read from these endpoints. EVM hashes are read from the chain&apos;s endpoint above.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {LOOKUP_NETWORKS.map((network) => (
          <LookupForm key={network} network={network} host={lookups.find((l) => l.network === network)?.host ?? null} />
        ))}
      </CardContent>
    </Card>
  );
}
