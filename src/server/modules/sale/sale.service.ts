import { saleSchema, type Sale, type SaleState } from '@/contracts/sale';
import { dec, percentOf, toFixed, toPlain } from '@/domain/decimal';
import { LEVELS } from '@/domain/levels';
import { MAX_ORDER_TOKENS, MIN_ORDER_TOKENS, saleState } from '@/domain/sale';
import type { Queryable } from '../../db/client';
import { findSaleSettings, lockSaleSettings, setTokenPriceRow, sumApprovedOrders, type SaleSettingsRow, type SaleTotals } from './sale.repository';

export { DEFAULT_PRICE_USD } from './sale.repository';
/** The sale settings row a fresh install starts with; main.ts writes it at start when there is none. */
export { ensureSaleSettings } from './sale.repository';

export async function getSaleSettings(db: Queryable): Promise<SaleSettingsRow> {
  const settings = await findSaleSettings(db);
  if (!settings) throw new Error('sale settings are missing: the server seeds them at start');
  return settings;
}

/** Takes the sale's row lock for the rest of the transaction `tx` (see lockSaleSettings) and returns the settings. */
export async function lockSale(tx: Queryable): Promise<SaleSettingsRow> {
  const settings = await lockSaleSettings(tx);
  if (!settings) throw new Error('sale settings are missing: the server seeds them at start');
  return settings;
}

/** Sets the token price inside `tx`, which holds the sale's lock (lockSale). */
export async function setTokenPrice(tx: Queryable, priceUsd: string, now: Date): Promise<void> {
  await setTokenPriceRow(tx, priceUsd, now);
}

/** The sale's state at `now`: upcoming while no operator has scheduled it. */
export function stateOf(s: SaleSettingsRow, tokensSold: string, now: Date): SaleState {
  return saleState({ now, startsAt: s.startsAt, endsAt: s.endsAt, tokensSold, hardCap: s.hardCap, scheduled: s.scheduledAt !== null });
}

/** The public view of the sale from its settings and approved totals; the state follows `now`. */
export function saleView(s: SaleSettingsRow, totals: SaleTotals, now: Date): Sale {
  return {
    token: { name: s.tokenName, symbol: s.tokenSymbol },
    priceUsd: toPlain(dec(s.priceUsd)),
    totalSupply: toPlain(dec(s.totalSupply)),
    softCap: toPlain(dec(s.softCap)),
    hardCap: toPlain(dec(s.hardCap)),
    startsAt: s.scheduledAt ? s.startsAt.toISOString() : null,
    endsAt: s.scheduledAt ? s.endsAt.toISOString() : null,
    listingAt: s.listingAt?.toISOString() ?? null,
    orderExpiryMinutes: s.orderExpiryMinutes,
    deliveryNote: s.deliveryNote,
    state: stateOf(s, totals.tokensSold, now),
    scheduled: s.scheduledAt !== null,
    progressPercent: percentOf(dec(totals.tokensSold), dec(s.hardCap)),
    tokensSold: toPlain(dec(totals.tokensSold)),
    raisedUsd: toFixed(dec(totals.raisedUsd), 2),
    buyers: totals.buyers,
    limits: { minTokens: MIN_ORDER_TOKENS, maxTokens: MAX_ORDER_TOKENS },
    levels: LEVELS.map((l) => ({ ...l })),
    serverTime: now.toISOString(),
  };
}

/**
 * The public sale figures, read from the database at most once per `maxAgeMs` and at once after
 * a change: every instance drops its copy when the event bus says the sale moved (an approval,
 * new settings or price). The state and `serverTime` still follow each request's clock.
 *
 * `GET /api/sale` is the page every visitor polls, so the JSON is also kept: checked against the
 * contract once per snapshot and state, then sent with only the server time appended.
 */
export class SaleFigures {
  private cached: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Bumped by every invalidation, so a read that started before a change is not kept after it. */
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly maxAgeMs = 5000,
  ) {}

  invalidate(): void {
    this.cached = null;
    this.loading = null;
    this.generation++;
  }

  async get(now = new Date()): Promise<Sale> {
    const { settings, totals } = await this.snapshot();
    return saleView(settings, totals, now);
  }

  /** The body of `GET /api/sale` as JSON text, equal to `JSON.stringify(saleSchema.parse(await get(now)))`. */
  async json(now = new Date()): Promise<string> {
    const snapshot = await this.snapshot();
    const { settings, totals } = snapshot;
    const state = stateOf(settings, totals.tokensSold, now);
    let head = snapshot.heads.get(state);
    if (head === undefined) {
      // serverTime is the view's last key: everything before it depends only on the snapshot and the state.
      const text = JSON.stringify(saleSchema.parse(saleView(settings, totals, now)));
      head = text.slice(0, text.lastIndexOf(',"serverTime":'));
      snapshot.heads.set(state, head);
    }
    return `${head},"serverTime":"${now.toISOString()}"}`;
  }

  /** The sale's settings as kept (the quick path of an order checks them against the database). */
  async settings(): Promise<SaleSettingsRow> {
    return (await this.snapshot()).settings;
  }

  /** Drops the kept figures when settings just read from the database differ from them. */
  notice(fresh: SaleSettingsRow): void {
    const kept = this.cached?.settings;
    if (kept && !sameSettings(kept, fresh)) this.invalidate();
  }

  private async snapshot(): Promise<Snapshot> {
    if (this.cached && Date.now() - this.cached.at < this.maxAgeMs) return this.cached;
    // Concurrent requests share one read.
    const generation = this.generation;
    const startedAt = Date.now();
    const loading = (this.loading ??= Promise.all([getSaleSettings(this.db), sumApprovedOrders(this.db)]).then(([settings, totals]) => ({
      settings,
      totals,
      at: startedAt,
      heads: new Map(),
    })));
    try {
      const snapshot = await loading;
      if (generation === this.generation) this.cached = snapshot;
      return snapshot;
    } finally {
      if (this.loading === loading) this.loading = null;
    }
  }
}

interface Snapshot {
  settings: SaleSettingsRow;
  totals: SaleTotals;
  /** When its read started. */
  at: number;
  /** The JSON of the view up to `serverTime`, per sale state. */
  heads: Map<SaleState, string>;
}

/** Equal in everything but the committed tokens, which move with every order. */
function sameSettings(a: SaleSettingsRow, b: SaleSettingsRow): boolean {
  return (Object.keys(a) as (keyof SaleSettingsRow)[]).every((key) => {
    if (key === 'tokensCommitted') return true;
    const x = a[key];
    const y = b[key];
    return x instanceof Date && y instanceof Date ? x.getTime() === y.getTime() : x === y;
  });
}
