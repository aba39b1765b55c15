import { describe, expect, it } from 'vitest';
import { saleState } from './sale';

const startsAt = new Date('2026-01-01T00:00:00Z');
const endsAt = new Date('2026-02-01T00:00:00Z');
const at = (iso: string, tokensSold = '0') => saleState({ now: new Date(iso), startsAt, endsAt, tokensSold, hardCap: '1000' });

describe('saleState', () => {
  it('follows the fixed instants', () => {
    expect(at('2025-12-31T23:59:59.999Z')).toBe('upcoming');
    expect(at('2026-01-01T00:00:00Z')).toBe('live');
    expect(at('2026-01-31T23:59:59.999Z')).toBe('live');
    expect(at('2026-02-01T00:00:00Z')).toBe('ended');
  });

  it('is sold out once the hard cap is reached', () => {
    expect(at('2026-01-15T00:00:00Z', '999.999999')).toBe('live');
    expect(at('2026-01-15T00:00:00Z', '1000')).toBe('sold_out');
  });
});
