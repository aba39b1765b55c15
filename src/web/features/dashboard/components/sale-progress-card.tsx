import { TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import type { Sale } from '@/contracts/sale';
import { Progress } from '@/web/components/ui/progress';
import { formatAmount, formatProgress, formatUsd } from '@/web/lib/format';
import { paths } from '@/web/lib/paths';
import { StatCard } from '@/web/components/stat-card';
import { UNSCHEDULED_TEXT } from '@/web/lib/unscheduled';
import { SaleStateBadge } from './sale-state-badge';

/** Real sale progress: approved orders against the hard cap. */
export function SaleProgressCard({ sale }: { sale: Sale }) {
  const symbol = sale.token.symbol;
  return (
    <StatCard title="Sale progress" icon={<TrendingUp className="text-muted-foreground size-4" aria-hidden />}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-3xl font-semibold tracking-tight">{formatProgress(sale.progressPercent, sale.tokensSold, sale.hardCap)}</p>
        <SaleStateBadge state={sale.state} />
      </div>
      <Progress value={Number(sale.progressPercent)} aria-label="Sale progress" />
      {sale.scheduled ? null : <p className="text-sm font-medium">{UNSCHEDULED_TEXT}</p>}
      <p className="text-muted-foreground text-sm">
        {formatAmount(sale.tokensSold)} of {formatAmount(sale.hardCap)} {symbol} sold · {formatUsd(sale.raisedUsd)} raised
      </p>
      <Link to={paths.transparency} className="text-primary text-sm underline-offset-4 hover:underline">
        Check these figures
      </Link>
    </StatCard>
  );
}
