// Deposits to buyers' addresses that no open order holds (sent without an order, twice, or dust and
// address poisoning): the operator credits one as a new approved order at today's prices (across the
// stages open now), or dismisses it with a reason. The audit log keeps both.
import { Can } from '@/web/features/back-office/shell/can';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { depositOrderBodySchema, dismissDepositBodySchema, type UnallocatedDeposit } from '@/contracts/payments';
import { piecesText } from '@/domain/stages';
import { CHAINS } from '@/domain/utxo/chains';
import { useDismissDeposit, useOrderFromDeposit, useUnallocatedDeposits } from '@/web/api/payments';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { QueryView } from '@/web/components/query-view';
import { Spinner } from '@/web/components/ui/spinner';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatAmount, formatDateTime, formatUsd } from '@/web/lib/format';
import { OverCapOverride, useOverCapForm } from '@/web/features/back-office/orders/over-cap-override';

function OrderDialog({ deposit, onClose }: { deposit: UnallocatedDeposit | null; onClose: () => void }) {
  const make = useOrderFromDeposit();
  const { form, overCap, close } = useOverCapForm(
    {
      schema: depositOrderBodySchema,
      defaultValues: { note: '', overrideHardCap: false },
      fields: ['note'],
      submit: (body, overrideHardCap) => make.mutateAsync({ id: deposit?.id ?? 0, note: body.note, overrideHardCap }),
      successToast: (data) => `Order ${data.order.id} approved`,
      failure: 'The order could not be made.',
    },
    onClose,
  );
  const q = deposit?.quote;
  return (
    <Dialog open={deposit !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Credit this deposit</DialogTitle>
            <DialogDescription>
              {deposit ? `${formatAmount(deposit.amount)} ${deposit.crypto ?? ''} from ${deposit.buyer.email}. ` : ''}
              {q ? `At today's rate it buys ${formatAmount(q.tokens)} tokens + ${formatAmount(q.bonusTokens)} bonus (${formatUsd(q.usdAmount)}): ${piecesText(q.pieces)}. ` : ''}
              An approved order is made for the buyer and credited at once. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Note (optional)" error={form.formState.errors.note?.message}>
            <Input placeholder="Sent without an order" {...form.register('note')} />
          </FormField>
          <OverCapOverride state={overCap} label="Credit beyond the cap" />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting || overCap.blocked}>
              {form.formState.isSubmitting ? <Spinner /> : null}
              Create approved order
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Why a deposit cannot be credited from here yet, or null when it can. */
function notCreditable(d: UnallocatedDeposit): string | null {
  if (!d.confirmed) return 'Wait until it is confirmed.';
  if (d.crypto === null) return 'No offered currency matches it.';
  if (d.quote === null) return d.quoteRefusal ?? `The ${d.crypto} rate is out of date.`;
  return null;
}

function DismissDialog({ deposit, onClose }: { deposit: UnallocatedDeposit | null; onClose: () => void }) {
  const dismiss = useDismissDeposit();
  const form = useServerForm({
    schema: dismissDepositBodySchema,
    defaultValues: { note: '' },
    fields: ['note'],
    submit: (body) => dismiss.mutateAsync({ id: deposit?.id ?? 0, note: body.note }),
    successToast: 'Deposit dismissed',
    errorToast: { fallback: 'The deposit could not be dismissed.', unlessShownAtFields: true },
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <Dialog open={deposit !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={form.onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Dismiss this deposit</DialogTitle>
            <DialogDescription>
              {deposit ? `${formatAmount(deposit.amount)} ${deposit.crypto ?? 'base units'} from ${deposit.from}. ` : ''}
              It stays on the chain; Presale stops listing it. Say why, for the audit log.
            </DialogDescription>
          </DialogHeader>
          <FormField label="Reason" error={form.formState.errors.note?.message}>
            <Input placeholder="Dust, address poisoning, refunded by hand…" {...form.register('note')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? <Spinner /> : null}
              Dismiss
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function UnallocatedDeposits() {
  const { data: deposits, isError } = useUnallocatedDeposits();
  const [dismissing, setDismissing] = useState<UnallocatedDeposit | null>(null);
  const [crediting, setCrediting] = useState<UnallocatedDeposit | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Unallocated deposits</CardTitle>
        <CardDescription>
          Payments to a buyer&apos;s deposit address that no open order took. Nothing is credited for them until you create an order from one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView data={deposits} isError={isError} errorText="The deposits could not be loaded." loadingLabel="Loading deposits" skeletonClassName="h-16">
          {(list) =>
            list.length === 0 ? (
              <p className="text-muted-foreground text-sm">None.</p>
            ) : (
              <ul className="divide-y">
                {list.map((d) => (
                  <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="grid min-w-0 gap-0.5 text-sm">
                      <span className="font-medium">
                        {formatAmount(d.amount)} {d.crypto ?? 'base units'} · {d.buyer.email}
                      </span>
                      <span className="text-muted-foreground font-mono text-xs break-all">{d.txHash}</span>
                      <span className="text-muted-foreground text-xs">
                        {d.network === 'evm' ? `Chain ${String(d.chainId)}` : d.network === 'tron' ? 'TRON' : CHAINS[d.network].name}, {d.blockNumber === null ? 'unconfirmed' : `block ${d.blockNumber}`}, seen {formatDateTime(d.seenAt)}
                        {d.confirmed ? '' : ' (not yet confirmed)'}
                      </span>
                      {d.quote ? (
                        <span className="text-xs">
                          At today&apos;s rate: {formatAmount(d.quote.tokens)} tokens + {formatAmount(d.quote.bonusTokens)} bonus ({piecesText(d.quote.pieces)})
                        </span>
                      ) : notCreditable(d) ? (
                        <span className="text-muted-foreground text-xs">{notCreditable(d)}</span>
                      ) : null}
                    </div>
                    <div className="flex items-center gap-2">
                      {d.explorerUrl ? (
                        <a href={d.explorerUrl} target="_blank" rel="noopener noreferrer" className="text-primary inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline">
                          Explorer
                          <ExternalLink className="size-3" aria-hidden />
                        </a>
                      ) : null}
                      <Can need="decide">
                        <Button size="sm" disabled={notCreditable(d) !== null} onClick={() => setCrediting(d)}>
                          Create order
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setDismissing(d)}>
                          Dismiss
                        </Button>
                      </Can>
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </CardContent>
      <DismissDialog deposit={dismissing} onClose={() => setDismissing(null)} />
      <OrderDialog deposit={crediting} onClose={() => setCrediting(null)} />
    </Card>
  );
}
