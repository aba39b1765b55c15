// The landing countdown: which instant it counts to, and how the remaining time reads.
import type { Sale } from '@/contracts/sale';

export interface CountdownTarget {
  label: 'Presale starts in' | 'Presale ends in';
  at: number;
}

/**
 * Upcoming sales count to their start, live ones to their end; ended and sold-out sales have none,
 * nor has a sale no operator has scheduled yet (no instants).
 */
export function countdownTarget(sale: Pick<Sale, 'state' | 'startsAt' | 'endsAt'>): CountdownTarget | null {
  if (sale.state === 'upcoming' && sale.startsAt !== null) return { label: 'Presale starts in', at: Date.parse(sale.startsAt) };
  if (sale.state === 'live' && sale.endsAt !== null) return { label: 'Presale ends in', at: Date.parse(sale.endsAt) };
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "HH:MM:SS", with days in front when more than 24 hours remain ("3d 04:05:06"). Never negative. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
  if (total > 86_400) return `${days}d ${clock}`;
  return total === 86_400 ? '24:00:00' : clock;
}
