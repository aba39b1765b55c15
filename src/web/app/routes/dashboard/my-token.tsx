// {SYMBOL} Token Hub (PRODUCT.md §4): where the tokens go, balance, withdrawal (closed until the
// buyer's tokens are in a distribution; then their delivery, issue 19), referral, and the buyer's orders.
import { Coins, Gift } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { StatCard } from '@/web/components/stat-card';
import { useBuyer } from '@/web/features/dashboard/hooks/use-buyer';
import { ReceivingWalletNote } from '@/web/features/dashboard/components/wallet-reminder';
import { ReferralCard } from '@/web/features/dashboard/components/referral-card';
import { BuyerOrders } from '@/web/features/orders/components/buyer-orders';
import { TokenDelivery } from '@/web/features/orders/components/token-delivery';
import { WithdrawDialog } from '@/web/features/orders/components/withdraw-dialog';
import { useMyDelivery } from '@/web/api/distribution';
import { useSale } from '@/web/api/first-screen';
import { useLiveUpdates } from '@/web/hooks/use-live-updates';
import { formatAmount, formatUsd } from '@/web/lib/format';
import { useDocumentTitle } from '@/web/lib/use-document-title';

export function Component() {
  const { data: sale } = useSale();
  const symbol = sale?.token.symbol ?? '';
  useDocumentTitle(symbol ? `${symbol} Token Hub` : 'Token Hub');
  useLiveUpdates();
  const me = useBuyer();
  const delivery = useMyDelivery();
  // The Withdraw button says claims are closed until the buyer's tokens are in a distribution.
  const distributed = delivery.data && delivery.data.deliveries.length > 0 ? delivery.data : null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{symbol ? `${symbol} Token Hub` : 'Token Hub'}</h1>
        {sale && !distributed && (delivery.data || delivery.isError) ? <WithdrawDialog deliveryNote={sale.deliveryNote} symbol={symbol} /> : null}
      </div>
      <ReceivingWalletNote me={me} symbol={symbol} />
      {distributed ? <TokenDelivery delivery={distributed} symbol={symbol} deliveryNote={sale?.deliveryNote ?? ''} /> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Balance" icon={<Coins className="text-muted-foreground size-4" aria-hidden />}>
          <p className="text-2xl font-semibold tracking-tight break-all">
            {formatAmount(me.balance)} <span className="text-muted-foreground text-base font-medium">{symbol}</span>
          </p>
          <p className="text-muted-foreground text-xs">Purchased and bonus tokens from approved orders, and referral rewards.</p>
        </StatCard>
        <StatCard title="Bonus tokens" icon={<Gift className="text-muted-foreground size-4" aria-hidden />}>
          <p className="text-2xl font-semibold tracking-tight break-all">
            {formatAmount(me.bonusTokens)} <span className="text-muted-foreground text-base font-medium">{symbol}</span>
          </p>
          <p className="text-muted-foreground text-xs">Included in the balance.</p>
        </StatCard>
        <StatCard title="Value">
          <p className="text-2xl font-semibold tracking-tight break-all">{formatUsd(me.usdValue)}</p>
          <p className="text-muted-foreground text-xs">Balance at the current token price.</p>
        </StatCard>
      </div>
      <ReferralCard symbol={symbol} />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Transactions</CardTitle>
          <CardDescription>Your orders, newest first. Open one to see its payment details and status.</CardDescription>
        </CardHeader>
        <CardContent>
          <BuyerOrders symbol={symbol} />
        </CardContent>
      </Card>
    </div>
  );
}
