// Buyers' requests to change their receiving wallet after the sale ended (issue 19): the sale team
// approves (the buyer's tokens then go to the new wallet) or rejects with a reason the buyer reads.
import { useState } from 'react';
import { walletRejectBodySchema, type AdminWalletChange } from '@/contracts/distribution';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Spinner } from '@/web/components/ui/spinner';
import { Textarea } from '@/web/components/ui/textarea';
import { useApproveWalletChange, useRejectWalletChange } from '@/web/api/distribution';
import { errorMessage } from '@/web/lib/api-client';
import { formatDateTime } from '@/web/lib/format';
import { toast } from '@/web/lib/toast';
import { Can } from '@/web/features/back-office/shell/can';

type Decision = 'approve' | 'reject';

const STATE: Record<AdminWalletChange['state'], { label: string; variant: 'warning' | 'success' | 'destructive' | 'secondary' }> = {
  pending: { label: 'Waiting', variant: 'warning' },
  approved: { label: 'Approved', variant: 'success' },
  rejected: { label: 'Rejected', variant: 'destructive' },
  withdrawn: { label: 'Withdrawn', variant: 'secondary' },
};

function DecisionDialog({ change, decision, onClose }: { change: AdminWalletChange | null; decision: Decision; onClose: () => void }) {
  const approve = useApproveWalletChange();
  const reject = useRejectWalletChange();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pending = approve.isPending || reject.isPending;
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!change) return;
    setError(null);
    const done = { onSuccess: () => (toast.success(decision === 'approve' ? 'Wallet change approved' : 'Wallet change rejected'), close()), onError: (e: unknown) => setError(errorMessage(e, 'The decision could not be saved.')) };
    if (decision === 'approve') approve.mutate({ id: change.id, note }, done);
    else {
      const body = walletRejectBodySchema.safeParse({ note });
      if (!body.success) setError(body.error.issues[0]?.message ?? 'Tell the buyer why.');
      else reject.mutate({ id: change.id, body: body.data }, done);
    }
  };
  return (
    <Dialog open={change !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{decision === 'approve' ? 'Approve wallet change' : 'Reject wallet change'}</DialogTitle>
          <DialogDescription>
            {change ? `${change.email} asks that their tokens go to ${change.address} instead of ${change.previous ?? 'no wallet'}. ` : ''}
            {decision === 'approve'
              ? 'Distributions opened from now on use the new wallet; those opened before keep the wallet they froze. Make sure the request is genuine: the buyer is told by e-mail.'
              : 'The wallet stays as it is; the buyer reads your reason in their e-mail and profile.'}
          </DialogDescription>
        </DialogHeader>
        <FormField label={decision === 'approve' ? 'Note to the buyer (optional)' : 'Reason for the buyer'} error={error ?? undefined}>
          <Textarea rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="button" variant={decision === 'approve' ? 'default' : 'destructive'} disabled={pending} onClick={submit}>
            {pending ? <Spinner /> : null}
            {decision === 'approve' ? 'Approve' : 'Reject'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function WalletChanges({ changes }: { changes: AdminWalletChange[] }) {
  const [deciding, setDeciding] = useState<{ change: AdminWalletChange; decision: Decision } | null>(null);
  return (
    <>
      <ul aria-label="Wallet changes" className="grid gap-3">
        {changes.map((c) => (
          <li key={c.id} className="grid min-w-0 gap-3 rounded-md border p-3 sm:grid-cols-[1fr_auto]">
            <div className="grid min-w-0 gap-1 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium break-all">{c.email}</span>
                <Badge variant={STATE[c.state].variant}>{STATE[c.state].label}</Badge>
                <span className="text-muted-foreground text-xs">asked {formatDateTime(c.requestedAt)}</span>
              </p>
              <p className="text-xs">
                <span className="text-muted-foreground">From </span>
                <span className="font-mono break-all">{c.previous ?? 'no wallet'}</span>
              </p>
              <p className="text-xs">
                <span className="text-muted-foreground">To </span>
                <span className="font-mono break-all">{c.address}</span>
              </p>
              {c.decidedAt && c.state !== 'pending' ? (
                <p className="text-muted-foreground text-xs">
                  {STATE[c.state].label} {formatDateTime(c.decidedAt)}
                  {c.decidedBy ? ` by ${c.decidedBy}` : ''}
                  {c.note ? `: ${c.note}` : ''}
                </p>
              ) : null}
            </div>
            {c.state === 'pending' ? (
              <Can need="manage">
                <div className="flex flex-wrap items-start gap-2">
                  <Button type="button" size="sm" onClick={() => setDeciding({ change: c, decision: 'approve' })}>
                    Approve<span className="sr-only"> the change of {c.email}</span>
                  </Button>
                  <Button type="button" size="sm" variant="outline" onClick={() => setDeciding({ change: c, decision: 'reject' })}>
                    Reject<span className="sr-only"> the change of {c.email}</span>
                  </Button>
                </div>
              </Can>
            ) : null}
          </li>
        ))}
      </ul>
      <DecisionDialog change={deciding?.change ?? null} decision={deciding?.decision ?? 'approve'} onClose={() => setDeciding(null)} />
    </>
  );
}
