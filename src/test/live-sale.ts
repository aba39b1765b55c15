// A live sale as GET /api/sale answers it, for web tests: a month of sale around now, nothing sold.
import type { Sale } from '@/contracts/sale';

export function liveSale(overrides: Partial<Sale> = {}, now = Date.now()): Sale {
  return {
    token: { name: 'Presale Token', symbol: 'PRE' },
    priceUsd: '0.01',
    totalSupply: '1000000000',
    softCap: '10000000',
    hardCap: '100000000',
    startsAt: new Date(now - 86_400_000).toISOString(),
    endsAt: new Date(now + 30 * 86_400_000).toISOString(),
    listingAt: null,
    orderExpiryMinutes: 60,
    deliveryNote: '',
    state: 'live',
    scheduled: true,
    progressPercent: '0.00',
    tokensSold: '0',
    raisedUsd: '0.00',
    buyers: 0,
    limits: { minTokens: '40', maxTokens: '100000' },
    levels: [],
    serverTime: new Date(now).toISOString(),
    ...overrides,
  };
}
