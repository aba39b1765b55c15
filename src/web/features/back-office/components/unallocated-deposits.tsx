// Deposits to buyers' addresses that no open order holds (sent without an order, twice, or dust and
// address poisoning): the operator dismisses each with a reason, which the audit log keeps.
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { dismissDepositBodySchema, type UnallocatedDeposit } from '@/contracts/payments';
import { useDismissDeposit, useUnallocatedDeposits } from '@/web/api/admin/unallocated';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { QueryView } from '@/web/components/query-view';
import { Spinner } from '@/web/components/ui/spinner';
import { useServerForm } from '@/web/hooks/use-server-form';
import { formatAmount, formatDateTime } from '@/web/lib/format';

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
  return (
    <Card>
      <CardHeader>
        <CardTitle>Unallocated deposits</CardTitle>
        <CardDescription>Payments to a buyer&apos;s deposit address that no open order took. Nothing is credited for them.</CardDescription>
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
                        Chain {d.chainId}, block {d.blockNumber}, seen {formatDateTime(d.seenAt)}
                        {d.confirmed ? '' : ' (not yet confirmed)'}
                      </span>
                    </div>
                    <div className="flex items-center gap-2">
                      {d.explorerUrl ? (
                        <a href={d.explorerUrl} target="_blank" rel="noopener noreferrer" className="text-primary inline-flex items-center gap-1 text-sm underline-offset-4 hover:underline">
                          Explorer
                          <ExternalLink className="size-3" aria-hidden />
                        </a>
                      ) : null}
                      <Button variant="outline" size="sm" onClick={() => setDismissing(d)}>
                        Dismiss
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </CardContent>
      <DismissDialog deposit={dismissing} onClose={() => setDismissing(null)} />
    </Card>
  );
}
