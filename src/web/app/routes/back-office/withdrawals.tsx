// Withdrawals (issue 34, decision 040): the withdrawal right's setting and buyers' requests, each
// completed by recording the refund or declined with a reason.
import { QueryView } from '@/web/components/query-view';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useWithdrawals } from '@/web/api/withdrawals';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { WithdrawalSettingsForm } from '@/web/features/back-office/withdrawals/withdrawal-settings-form';
import { WithdrawalsTable } from '@/web/features/back-office/withdrawals/withdrawals-table';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Withdrawals');
  const { data, isError } = useWithdrawals();
  return (
    <AdminPage title="Withdrawals" description="Buyers' requests to withdraw an approved order, and the setting that offers it.">
      <QueryView data={data} isError={isError} errorText="The withdrawals could not be loaded." loadingLabel="Loading the withdrawals" skeletonClassName="h-96">
        {(view) => (
          <div className="grid gap-6">
            <WithdrawalSettingsForm key={`${String(view.settings.enabled)}-${String(view.settings.days)}`} settings={view.settings} />
            <Card>
              <CardHeader>
                <CardTitle>Requests</CardTitle>
                <CardDescription>Open requests first. Send the buyer&apos;s payment back, then record the refund: the order is withdrawn in the same step.</CardDescription>
              </CardHeader>
              <CardContent>
                <WithdrawalsTable requests={view.requests} />
              </CardContent>
            </Card>
          </div>
        )}
      </QueryView>
    </AdminPage>
  );
}
