import { describe, expect, it } from 'vitest';
import { orderTokenParams } from '@/contracts/orders';
import { newPublicId, PUBLIC_ID_ALPHABET } from './public-id';

describe('newPublicId', () => {
  it('uses 16 characters without look-alikes or symbols, accepted as an order token', () => {
    for (let i = 0; i < 500; i++) {
      const id = newPublicId();
      expect(id).toMatch(/^[2-9A-HJ-NP-Za-km-z]{16}$/);
      expect(orderTokenParams.safeParse({ orderToken: id }).success).toBe(true);
    }
    for (const lookAlike of ['0', 'O', '1', 'I', 'l', '-', '_']) expect(PUBLIC_ID_ALPHABET).not.toContain(lookAlike);
  });

  it('draws every character of the alphabet evenly', () => {
    const counts = new Map<string, number>();
    const ids = 4000;
    for (let i = 0; i < ids; i++) for (const c of newPublicId()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(PUBLIC_ID_ALPHABET.length);
    const expected = (ids * 16) / PUBLIC_ID_ALPHABET.length;
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.15);
  });
});
