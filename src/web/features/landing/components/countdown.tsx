// A countdown to an instant, by the server's clock: the sale's start or end, or the current stage's end.
import { formatDateTime } from '@/web/lib/format';
import { formatRemaining } from '../lib/countdown';

export function Countdown({ label, at, now, size = 'lg' }: { label: string; at: number; now: number; size?: 'lg' | 'sm' }) {
  return (
    <div className="grid gap-1 text-center">
      <p className="text-muted-foreground text-sm">{label}</p>
      <p className={size === 'lg' ? 'font-mono text-3xl font-semibold tabular-nums' : 'font-mono text-xl font-semibold tabular-nums'} role="timer" aria-live="off" aria-label={label}>
        {formatRemaining(at - now)}
      </p>
      <p className="text-muted-foreground text-xs">{formatDateTime(new Date(at).toISOString())}</p>
    </div>
  );
}
