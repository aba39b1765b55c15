import { Coins } from 'lucide-react';
import type { Me } from '@/contracts/auth';
import { formatAmount, formatUsd, formatUsdPrice } from '@/web/lib/format';
import { StatCard } from '@/web/components/stat-card';

export function BalanceCard({ me, symbol, priceUsd }: { me: Me; symbol: string; priceUsd: string }) {
  return (
    <StatCard title="Balance" icon={<Coins className="text-muted-foreground size-4" aria-hidden />}>
      <p className="text-3xl font-semibold tracking-tight break-all">
        {formatAmount(me.balance)} <span className="text-muted-foreground text-lg font-medium">{symbol}</span>
      </p>
      <p className="text-muted-foreground text-sm">
        ≈ {formatUsd(me.usdValue)} at the current token price of {formatUsdPrice(priceUsd)} per {symbol}
      </p>
      <p className="text-sm">
        Bonus tokens:{' '}
        <span className="font-medium">
          {formatAmount(me.bonusTokens)} {symbol}
        </span>
      </p>
    </StatCard>
  );
}
