// A live sale as GET /api/sale answers it, for web tests: a month of sale around now, nothing sold,
// in one stage (pass `stages` for rounds).
import type { PublicStage, Sale } from '@/contracts/sale';

/** A stage as GET /api/sale shows it: the current one, nothing sold, unless overridden. */
export function saleStage(overrides: Partial<PublicStage> = {}): PublicStage {
  return {
    number: 1,
    name: 'Stage 1',
    priceUsd: '0.01',
    allocation: '100000000',
    capacity: '100000000',
    tokensSold: '0',
    rewardTokens: '0',
    tokensLeft: '100000000',
    endsAt: null,
    openedAt: null,
    closedAt: null,
    closeReason: null,
    state: 'current',
    ...overrides,
  };
}

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
    stages: [saleStage()],
    currentStage: 1,
    unsoldStageTokens: 'roll_over',
    serverTime: new Date(now).toISOString(),
    ...overrides,
  };
}
