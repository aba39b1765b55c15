import { Link, useParams } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/lib/toast';
import { Button } from '@/web/components/ui/button';
import { useAdminUser, useResetUserTwoFactor } from '@/web/api/users';
import { Can } from '@/web/features/back-office/shell/can';
import { errorMessage } from '@/web/lib/api-client';
import { AdminPage } from '@/web/features/back-office/shell/admin-page';
import { BalanceHistoryTable } from '@/web/features/back-office/users/balance-history-table';
import { TermsAcceptancesTable } from '@/web/features/back-office/users/terms-acceptances-table';
import { UserCountry } from '@/web/features/back-office/users/user-country';
import { RewardTable } from '@/web/features/back-office/referrals/reward-table';
import { OrderSummaryTable } from '@/web/features/back-office/orders/order-summary-table';
import { formatAmount, formatDateTime } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { useDocumentTitle } from '@/web/lib/use-document-title';

/** Two-factor sign-in of the buyer, and the Owner's reset for a lost phone. */
function TwoFactorLine({ id, on }: { id: number; on: boolean }) {
  const reset = useResetUserTwoFactor(id);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>
        <span className="text-muted-foreground">Two-factor sign-in: </span>
        {on ? 'on' : 'off'}
      </span>
      {on ? (
        <Can need="own">
          <Button
            size="sm"
            variant="outline"
            disabled={reset.isPending}
            onClick={() =>
              reset.mutate(undefined, {
                onSuccess: () => toast.success('Two-factor sign-in of this buyer removed: they sign in with their password and were told by e-mail'),
                onError: (e) => toast.error(errorMessage(e, 'Two-factor sign-in could not be reset.')),
              })
            }
          >
            Reset two-factor
          </Button>
        </Can>
      ) : null}
    </div>
  );
}

export function Component() {
  useDocumentTitle('User');
  const id = Number(useParams().id);
  const { data, isError } = useAdminUser(id);

  if (isError || !Number.isInteger(id)) {
    return (
      <AdminPage title="User">
        <p role="alert">
          This user does not exist.{' '}
          <Link to={paths.admin.users} className="text-primary underline">
            Back to all users
          </Link>
        </p>
      </AdminPage>
    );
  }
  if (!data) return <Skeleton className="h-96" aria-busy="true" aria-label="Loading the user" />;
  const { user } = data;
  return (
    <AdminPage title={user.name} description={`${user.email} · registered ${formatDateTime(user.createdAt)}`} actions={<Link to={paths.admin.users} className="text-primary text-sm underline">All users</Link>}>
      <div className="grid gap-4 sm:grid-cols-3">
        {[
          ['Balance', formatAmount(user.balance)],
          ['Bonus tokens', formatAmount(data.bonusTokens)],
          ['Level', user.level ?? 'No level yet'],
        ].map(([label, value]) => (
          <Card key={label} className="gap-2 py-4">
            <CardHeader>
              <CardTitle className="text-muted-foreground text-sm font-normal">{label}</CardTitle>
            </CardHeader>
            <CardContent className="text-xl font-semibold">{value}</CardContent>
          </Card>
        ))}
      </div>
      <p className="text-sm">
        <span className="text-muted-foreground">Receiving wallet: </span>
        {user.receivingWallet ? <span className="font-mono text-xs break-all">{user.receivingWallet}</span> : 'not given yet'}
      </p>
      <UserCountry id={user.id} country={user.country} />
      <TwoFactorLine id={user.id} on={data.twoFactor} />
      <section aria-labelledby="terms-title" className="grid gap-3">
        <h2 id="terms-title" className="text-lg font-semibold">
          Terms accepted
        </h2>
        <TermsAcceptancesTable acceptances={data.termsAcceptances} />
      </section>
      <section aria-labelledby="orders-title" className="grid gap-3">
        <h2 id="orders-title" className="text-lg font-semibold">
          Orders
        </h2>
        {data.orders.length === 0 ? (
          <p className="text-muted-foreground text-sm">No orders.</p>
        ) : (
          <OrderSummaryTable orders={data.orders} label="Orders of this user" columns={['tokens']} />
        )}
      </section>
      <section aria-labelledby="ledger-title" className="grid gap-3">
        <h2 id="ledger-title" className="text-lg font-semibold">
          Balance history
        </h2>
        {data.ledger.length === 0 ? (
          <p className="text-muted-foreground text-sm">No credits yet.</p>
        ) : (
          <BalanceHistoryTable ledger={data.ledger} />
        )}
      </section>
      <section aria-labelledby="referrals-title" className="grid gap-3">
        <h2 id="referrals-title" className="text-lg font-semibold">
          Referral rewards
        </h2>
        <RewardTable rewards={data.referrals} label="Referral rewards of this user" empty="No referral rewards." />
      </section>
    </AdminPage>
  );
}
