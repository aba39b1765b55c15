// Time left to pay a pending order, counted on the server's clock: the offset between the
// server's time and this device's at the moment the order arrived corrects a wrong local clock.
import { Timer } from 'lucide-react';
import { useNow } from '@/web/hooks/use-now';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

export function TimeLeft({ expiresAt, serverTime, receivedAt }: { expiresAt: string; serverTime: string; receivedAt: number }) {
  const now = useNow(1000);
  const offset = Date.parse(serverTime) - receivedAt;
  const left = Date.parse(expiresAt) - (now.getTime() + offset);
  return (
    <p className="flex items-center gap-2 text-sm">
      <Timer className="text-muted-foreground size-4" aria-hidden />
      {left > 0 ? (
        <span>
          Time left to pay: <span className="font-mono font-semibold tabular-nums">{formatDuration(left)}</span>
        </span>
      ) : (
        <span className="font-medium">The payment window has closed.</span>
      )}
    </p>
  );
}
