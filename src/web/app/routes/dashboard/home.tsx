// Dashboard index (PRODUCT.md §4): the buyer's balance (live), open orders, level and the sale's
// real progress.
import { Skeleton } from '@/web/components/ui/skeleton';
import { BalanceCard } from '@/web/features/dashboard/components/balance-card';
import { LevelCard } from '@/web/features/dashboard/components/level-card';
import { PrizesWon } from '@/web/features/dashboard/components/prizes-won';
import { SaleEndingNotice, endsWithinAWeek } from '@/web/features/dashboard/components/sale-ending-notice';
import { StageEndingNotice, stageEndingLines } from '@/web/features/dashboard/components/stage-ending-notice';
import { SaleProgressCard } from '@/web/features/dashboard/components/sale-progress-card';
import { VerifyEmailBanner } from '@/web/features/dashboard/components/verify-email-banner';
import { WalletReminder } from '@/web/features/dashboard/components/wallet-reminder';
import { useBuyer } from '@/web/features/dashboard/hooks/use-buyer';
import { useNow } from '@/web/hooks/use-now';
import { OpenOrders } from '@/web/features/orders/components/open-orders';
import { useSale } from '@/web/api/first-screen';
import { useLiveUpdates } from '@/web/hooks/use-live-updates';
import { formatDate } from '@/web/lib/format';
import { formatRelative } from '@/web/lib/format-relative';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  useDocumentTitle('Dashboard');
  // An approved order moves the balance at once: its 'order' event refetches the buyer and orders.
  useLiveUpdates();
  const me = useBuyer();
  const now = useNow();
  const { data: sale, isError } = useSale();
  const stageEnding = sale ? stageEndingLines(sale) : null;

  return (
    <div className="grid gap-6">
      <VerifyEmailBanner me={me} />
      <WalletReminder me={me} symbol={sale?.token.symbol ?? ''} />
      {sale && endsWithinAWeek(sale) ? <SaleEndingNotice sale={sale} /> : null}
      {stageEnding ? <StageEndingNotice lines={stageEnding} /> : null}
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">Welcome, {me.name}</h1>
        <p className="text-muted-foreground text-sm">
          Member since{' '}
          <time dateTime={me.createdAt} title={formatDate(me.createdAt)}>
            {formatRelative(new Date(me.createdAt), now)}
          </time>
        </p>
      </div>
      <PrizesWon />
      {sale ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <BalanceCard me={me} symbol={sale.token.symbol} priceUsd={sale.priceUsd} />
          <LevelCard me={me} symbol={sale.token.symbol} />
          <SaleProgressCard sale={sale} />
          <OpenOrders symbol={sale.token.symbol} />
        </div>
      ) : isError ? (
        <p role="alert" className="text-destructive text-sm">
          The sale figures could not be loaded. They will appear when the server is reachable again.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
        </div>
      )}
    </div>
  );
}
