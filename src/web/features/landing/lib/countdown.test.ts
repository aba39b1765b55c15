import { describe, expect, it } from 'vitest';
import { countdownTarget, formatRemaining } from './countdown';

const sale = { startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-31T00:00:00.000Z' };

describe('countdown', () => {
  it('counts to the start before the sale and to the end during it', () => {
    expect(countdownTarget({ ...sale, state: 'upcoming' })).toEqual({ label: 'Presale starts in', at: Date.parse(sale.startsAt) });
    expect(countdownTarget({ ...sale, state: 'live' })).toEqual({ label: 'Presale ends in', at: Date.parse(sale.endsAt) });
    expect(countdownTarget({ ...sale, state: 'ended' })).toBeNull();
    expect(countdownTarget({ ...sale, state: 'sold_out' })).toBeNull();
  });
  it('reads HH:MM:SS, with days beyond 24 hours, never below zero', () => {
    expect(formatRemaining(0)).toBe('00:00:00');
    expect(formatRemaining(-5000)).toBe('00:00:00');
    expect(formatRemaining(59_999)).toBe('00:00:59');
    expect(formatRemaining((3600 + 61) * 1000)).toBe('01:01:01');
    expect(formatRemaining(86_400_000)).toBe('24:00:00');
    expect(formatRemaining(86_401_000)).toBe('1d 00:00:01');
    expect(formatRemaining((3 * 86_400 + 4 * 3600 + 5 * 60 + 6) * 1000)).toBe('3d 04:05:06');
  });
});
