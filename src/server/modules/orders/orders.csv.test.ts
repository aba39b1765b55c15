import { describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contracts/orders';
import { ordersCsv } from './orders.csv';

const order = (id: string, name: string): AdminOrder => ({
  id,
  orderId: 7,
  priceUsd: '0.01',
  payment: null,
  status: 'pending',
  crypto: { code: 'ETH', name: 'Ethereum', network: 'evm', chainId: 1, tokenContract: null, decimals: 18, iconUrl: '/icons/eth.svg' },
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  tokens: '100',
  bonusTokens: '5',
  payAmount: '0.000334',
  rate: '300000',
  usdAmount: '5',
  pieces: [{ stage: 1, stageName: 'Stage 1', tokens: '100', priceUsd: '0.01', payAmount: '0.000334', rate: '300000', usdAmount: '1' }],
  paymentUri: 'ethereum:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  txHash: null,
  explorerUrl: null,
  expiresAt: '2026-11-23T12:30:00.000Z',
  createdAt: '2026-11-23T12:00:00.000Z',
  decidedAt: null,
  decisionNote: null,
  eligibility: null,
  campaign: null,
  buyer: { id: 3, name, email: 'buyer@example.com' },
  decidedBy: null,
});

describe('orders CSV', () => {
  it('writes order ids exactly, even an older one starting with "-"', () => {
    const lines = ordersCsv([order('-4p463RopFfIX2iI', 'Ada'), order('Xk7mPq2RsT9vWz3A', 'Bob')]).split('\r\n');
    expect(lines[1]).toMatch(/^-4p463RopFfIX2iI,pending,0\.000334,ETH,/);
    expect(lines[2]).toMatch(/^Xk7mPq2RsT9vWz3A,pending,/);
  });

  it('still neutralises formulas in free text', () => {
    const csv = ordersCsv([order('Xk7mPq2RsT9vWz3A', '=HYPERLINK("http://evil")')]);
    expect(csv).toContain(`buyer@example.com,"'=HYPERLINK(""http://evil"")",`);
  });

  it('quotes separators, line breaks and quotes, and ends every record with CRLF', () => {
    const csv = ordersCsv([order('Xk7mPq2RsT9vWz3A', 'Ada "A", Lovelace\nthe second')]);
    expect(csv).toContain(`buyer@example.com,"Ada ""A"", Lovelace\nthe second",`);
    expect(csv.startsWith('Transaction ID,Status,Amount,')).toBe(true);
    expect(csv.endsWith(',,\r\n')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
  });
});
