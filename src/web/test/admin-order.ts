// An approved USDT order as GET /api/admin/orders answers it, for back-office tests: pass its amounts,
// pieces and payment.
import type { AdminOrder } from '@/contracts/orders';

export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 'AbC123',
    orderId: 7,
    status: 'approved',
    crypto: { code: 'USDT', name: 'Tether', network: 'evm', chainId: 1, tokenContract: null, decimals: 18, iconUrl: '/crypto/usdt.svg' },
    address: '0x1111111111111111111111111111111111111111',
    tokens: '2500',
    bonusTokens: '300',
    payAmount: '25',
    rate: '100',
    priceUsd: '0.01',
    usdAmount: '25',
    pieces: [{ stage: 1, stageName: 'Stage 1', tokens: '2500', priceUsd: '0.01', payAmount: '25', rate: '100', usdAmount: '25' }],
    paymentUri: 'ethereum:0x1111111111111111111111111111111111111111',
    txHash: null,
    explorerUrl: null,
    expiresAt: '2026-11-20T10:30:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: '2026-11-20T10:10:00.000Z',
    decidedBy: 'owner',
    decisionNote: null,
    eligibility: null,
    payment: null,
    campaign: null,
    buyer: { id: 3, name: 'Ann', email: 'ann@example.com' },
    ...overrides,
  };
}
