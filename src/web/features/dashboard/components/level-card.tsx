import { Award } from 'lucide-react';
import type { Me } from '@/contracts/auth';
import { LEVELS, levelIcon } from '@/domain/levels';
import { Progress } from '@/web/components/ui/progress';
import { formatAmount, formatPercent } from '@/web/lib/format';
import { StatCard } from '@/web/components/stat-card';

function iconOf(name: string | null): string | null {
  const level = LEVELS.find((l) => l.name === name);
  return level ? levelIcon(level.name) : null;
}

/** The buyer's level from their balance and the way to the next one (PRODUCT.md §9). */
export function LevelCard({ me, symbol }: { me: Me; symbol: string }) {
  const { level, next, nextThreshold, percent } = me.progress;
  const icon = iconOf(level);
  return (
    <StatCard title="Level">
      <div className="flex items-center gap-3">
        {icon ? (
          <img src={icon} alt="" width={40} height={40} className="size-10" />
        ) : (
          <span className="bg-muted flex size-10 items-center justify-center rounded-full">
            <Award className="text-muted-foreground size-5" aria-hidden />
          </span>
        )}
        <p className="text-2xl font-semibold tracking-tight">{level ?? 'No level yet'}</p>
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="text-muted-foreground">{next ? `Progress to ${next}` : 'Max Level'}</span>
          <span className="font-medium">{formatPercent(percent)}</span>
        </div>
        <Progress value={Number(percent)} aria-label={next ? `Progress to ${next}` : 'Max Level'} />
        {next && nextThreshold ? (
          <p className="text-muted-foreground text-xs">
            {formatAmount(me.balance)} of {formatAmount(nextThreshold)} {symbol}
          </p>
        ) : null}
      </div>
    </StatCard>
  );
}
