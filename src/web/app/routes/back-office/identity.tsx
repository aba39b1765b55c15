// Identity checks (issue 34, decision 041): the reviewers' queue, for Owners and the Managers they allow.
import { useState } from 'react';
import { QueryView } from '@/web/components/query-view';
import { Button } from '@/web/components/ui/button';
import { useIdentityChecks, type CheckStatus } from '@/web/api/identity';
import { useCan } from '@/web/api/operators';
import { IdentityCheckCard } from '@/web/features/back-office/identity/identity-check-card';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const TABS: { status: CheckStatus; label: string }[] = [
  { status: 'pending', label: 'Waiting' },
  { status: 'approved', label: 'Approved' },
  { status: 'rejected', label: 'Rejected' },
];

function Checks({ status }: { status: CheckStatus }) {
  const { data, isError } = useIdentityChecks(status);
  return (
    <QueryView data={data} isError={isError} errorText="The identity checks could not be loaded." loadingLabel="Loading the identity checks" skeletonClassName="h-64">
      {({ checks }) =>
        checks.length === 0 ? (
          <p className="text-muted-foreground text-sm">{status === 'pending' ? 'No identity check is waiting.' : 'None yet.'}</p>
        ) : (
          <div className="grid gap-4">
            {checks.map((check) => (
              <IdentityCheckCard key={check.id} check={check} />
            ))}
          </div>
        )
      }
    </QueryView>
  );
}

export function Component() {
  useDocumentTitle('Identity checks');
  const can = useCan();
  const [status, setStatus] = useState<CheckStatus>('pending');
  return (
    <AdminPage title="Identity checks" description="Buyers' identity documents and selfies, oldest first. Approve, or reject with a reason the buyer reads; every verdict is audited and mailed to the buyer.">
      {can('identity') ? (
        <div className="grid gap-4">
          <div role="group" aria-label="Show checks" className="flex flex-wrap gap-2">
            {TABS.map((tab) => (
              <Button key={tab.status} type="button" size="sm" variant={tab.status === status ? 'default' : 'outline'} aria-pressed={tab.status === status} onClick={() => setStatus(tab.status)}>
                {tab.label}
              </Button>
            ))}
          </div>
          <Checks status={status} />
        </div>
      ) : (
        <p className="text-sm">Identity checks are for Owners and the Managers an Owner allows.</p>
      )}
    </AdminPage>
  );
}
