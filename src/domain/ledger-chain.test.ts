import { describe, expect, it } from 'vitest';
import { entryHash, GENESIS_HASH, verifyLedger, type ChainEntry, type ChainOrder } from './ledger-chain';

/** Links entries as the database does: each hashes the one before. */
function chain(entries: Omit<ChainEntry, 'seq' | 'prevHash' | 'hash'>[]): ChainEntry[] {
  let prev = GENESIS_HASH;
  return entries.map((e, i) => {
    const linked = { ...e, seq: i + 1, prevHash: prev };
    const hash = entryHash(prev, linked);
    prev = hash;
    return { ...linked, hash };
  });
}

const at = (n: number) => `2026-11-24T10:00:0${n}.000000Z`;

describe('verifyLedger with an overpayment credited', () => {
  // 300 tokens ordered with 36 bonus; later, 300 more (and 36 bonus) for the excess paid.
  const entries = chain([
    { id: 1, userId: 7, orderId: 1, kind: 'purchase', amount: '300.000000', createdAt: at(1) },
    { id: 2, userId: 7, orderId: 1, kind: 'bonus', amount: '36.000000', createdAt: at(1) },
    { id: 3, userId: 7, orderId: 1, kind: 'excess', amount: '300.000000', createdAt: at(2) },
    { id: 4, userId: 7, orderId: 1, kind: 'excess_bonus', amount: '36.000000', createdAt: at(2) },
  ]);
  const order: ChainOrder = { orderId: 1, tokens: '600', bonusTokens: '72', excessTokens: '300', excessBonusTokens: '36' };

  it('counts the excess inside the order’s totals', () => {
    expect(verifyLedger({ entries, orders: [order] })).toMatchObject({ ok: true, entries: 4 });
  });

  it('finds an order whose totals or excess differ from its credits', () => {
    expect(verifyLedger({ entries, orders: [{ ...order, tokens: '300' }] })).toMatchObject({ ok: false, problem: 'Order 1 says 300 tokens (300 of them for an overpayment), but the ledger credits 300 as tokens for it.' });
    expect(verifyLedger({ entries, orders: [{ ...order, excessTokens: '0', tokens: '600' }] })).toMatchObject({ ok: false, problem: expect.stringContaining('the ledger credits 300 as tokens') as unknown });
    expect(verifyLedger({ entries, orders: [{ ...order, excessBonusTokens: '0', bonusTokens: '72' }] })).toMatchObject({ ok: false });
  });

  it('finds an entry of a kind it does not know, and an empty chain verifies', () => {
    const odd = chain([{ id: 1, userId: 7, orderId: 1, kind: 'gift', amount: '1.000000', createdAt: at(1) }]);
    expect(verifyLedger({ entries: odd, orders: [] })).toMatchObject({ ok: false, seq: 1, problem: 'Entry 1 is of an unknown kind, "gift".' });
    expect(verifyLedger({ entries: [], head: { seq: 0, hash: GENESIS_HASH } })).toEqual({ ok: true, entries: 0, head: { seq: 0, hash: GENESIS_HASH }, savedHeads: 0 });
  });
});
