// A pending 100-token USDT order as GET /api/orders/{id} answers it, for the order page's tests: pass
// what a test is about (its status, its times).
import type { Order } from '@/contracts/orders';

export function buyerOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'AbC123',
    status: 'pending',
    crypto: { code: 'USDT', name: 'Tether', network: 'evm', chainId: 1, tokenContract: null, decimals: 18, iconUrl: '/crypto/usdt.svg' },
    address: '0x1111111111111111111111111111111111111111',
    tokens: '100',
    bonusTokens: '0',
    payAmount: '1',
    rate: '100',
    usdAmount: '1',
    pieces: [{ stage: 1, stageName: 'Stage 1', tokens: '100', priceUsd: '0.01', payAmount: '1' }],
    paymentUri: 'ethereum:0x1111111111111111111111111111111111111111',
    txHash: null,
    explorerUrl: null,
    expiresAt: '2026-11-20T10:30:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    decisionNote: null,
    payment: null,
    ledger: [],
    campaign: null,
    withdrawal: null,
    serverTime: '2026-11-20T10:01:00.000Z',
    ...overrides,
  };
}
