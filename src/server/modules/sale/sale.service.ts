import { saleSchema, type PublicStage, type Sale, type SaleState } from '@/contracts/sale';
import { dec, percentOf, toFixed, toPlain } from '@/domain/decimal';
import { LEVELS } from '@/domain/levels';
import { MAX_ORDER_TOKENS, MIN_ORDER_TOKENS, saleState } from '@/domain/sale';
import { openStages, stagesOutcome, tokensLeftIn, type StageFigures } from '@/domain/stages';
import type { Queryable } from '../../db/client';
import { findSaleSettings, lockSaleSettings, setTokenPriceRow, sumApprovedOrders, type SaleSettingsRow, type SaleTotals } from './sale.repository';
import { findStages, stageFigures, type StageRow } from './stages.repository';

export { findStages, setStagePriceRow as setStagePrice, stageFigures, writeStages, type StageRow, type StageWrite } from './stages.repository';
export { closeStage, recordStageClosings, type StageClosing } from './stage-closings.service';
export { setStageTotalsRow as setStageTotals } from './sale.repository';
export type SaleStage = ReturnType<typeof stageFigures>[number];

export { DEFAULT_PRICE_USD, type SaleSettingsRow } from './sale.repository';
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

/** The sale's state at `now`: upcoming while no operator has scheduled it; over when no stage can sell. */
export function stateOf(s: SaleSettingsRow, stages: readonly StageFigures[], tokensSold: string, now: Date): SaleState {
  return saleState({ now, startsAt: s.startsAt, endsAt: s.endsAt, tokensSold, hardCap: s.hardCap, scheduled: s.scheduledAt !== null, stages: stagesOutcome(stages, now, s.unsoldStageTokens) });
}

/** The sale's state by its schedule and approved total alone, as if a stage were open: the quick order path checks its stage itself. */
export function stateByInstants(s: SaleSettingsRow, tokensSold: string, now: Date): SaleState {
  return saleState({ now, startsAt: s.startsAt, endsAt: s.endsAt, tokensSold, hardCap: s.hardCap, scheduled: s.scheduledAt !== null });
}

/**
 * The stages as buyers see them at `now`: the current one is the first that can still sell (with
 * what an ended stage passes on, as recording its closing will); the ones before it are closed.
 */
export function stagesView(s: SaleSettingsRow, stages: readonly SaleStage[], now: Date): PublicStage[] {
  const open = openStages(stages, now, s.unsoldStageTokens);
  const current = open[0];
  let previousClose: Date | null = s.scheduledAt ? s.startsAt : null;
  return stages.map((stage) => {
    const endedAt = stage.closedAt ?? (stage.endsAt !== null && stage.endsAt <= now ? stage.endsAt : null);
    const closed = current ? stage.number < current.stage.number : true;
    const state = closed ? 'closed' : stage === current?.stage ? 'current' : 'upcoming';
    const openedAt = state === 'upcoming' || previousClose === null ? null : previousClose;
    // A stage that sold out without a recorded closing closed when it sold out: the trigger records that at once.
    previousClose = endedAt ?? (closed ? previousClose : null);
    const left = state === 'current' && current ? current.left : state === 'upcoming' ? tokensLeftIn(stage) : dec(0);
    return {
      number: stage.number,
      name: stage.name,
      priceUsd: stage.priceUsd,
      allocation: stage.allocation,
      capacity: stage.capacity,
      tokensSold: stage.tokensSold,
      rewardTokens: toPlain(dec(stage.row.rewardTokens)),
      tokensLeft: toPlain(left),
      endsAt: stage.endsAt?.toISOString() ?? null,
      openedAt: openedAt && s.scheduledAt && openedAt < s.startsAt ? s.startsAt.toISOString() : (openedAt?.toISOString() ?? null),
      closedAt: state === 'closed' ? (endedAt?.toISOString() ?? null) : null,
      closeReason: state !== 'closed' ? null : (stage.row.closeReason ?? (endedAt ? 'ended' : 'sold_out')),
      state,
    };
  });
}

/** The price buyers pay now: the current stage's; before the first or after the last, that stage's. */
export function currentPriceOf(view: readonly PublicStage[]): string {
  const current = view.find((s) => s.state === 'current') ?? (view.every((s) => s.state === 'upcoming') ? view[0] : view[view.length - 1]);
  return current?.priceUsd ?? '0';
}

/** The public view of the sale from its settings, stages and approved totals; the state follows `now`. */
export function saleView(s: SaleSettingsRow, stageRows: readonly StageRow[], totals: SaleTotals, now: Date): Sale {
  const stages = stageFigures(stageRows);
  const view = stagesView(s, stages, now);
  return {
    token: { name: s.tokenName, symbol: s.tokenSymbol },
    priceUsd: currentPriceOf(view),
    totalSupply: toPlain(dec(s.totalSupply)),
    softCap: toPlain(dec(s.softCap)),
    hardCap: toPlain(dec(s.hardCap)),
    startsAt: s.scheduledAt ? s.startsAt.toISOString() : null,
    endsAt: s.scheduledAt ? s.endsAt.toISOString() : null,
    listingAt: s.listingAt?.toISOString() ?? null,
    orderExpiryMinutes: s.orderExpiryMinutes,
    deliveryNote: s.deliveryNote,
    state: stateOf(s, stages, totals.tokensSold, now),
    scheduled: s.scheduledAt !== null,
    progressPercent: percentOf(dec(totals.tokensSold), dec(s.hardCap)),
    tokensSold: toPlain(dec(totals.tokensSold)),
    raisedUsd: toFixed(dec(totals.raisedUsd), 2),
    buyers: totals.buyers,
    limits: { minTokens: MIN_ORDER_TOKENS, maxTokens: MAX_ORDER_TOKENS },
    levels: LEVELS.map((l) => ({ ...l })),
    stages: view,
    currentStage: view.find((v) => v.state === 'current')?.number ?? null,
    unsoldStageTokens: s.unsoldStageTokens,
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
    const { settings, stages, totals } = await this.snapshot();
    return saleView(settings, stages, totals, now);
  }

  /** The body of `GET /api/sale` as JSON text, equal to `JSON.stringify(saleSchema.parse(await get(now)))`. */
  async json(now = new Date()): Promise<string> {
    const snapshot = await this.snapshot();
    const { settings, stages, totals } = snapshot;
    // Everything before serverTime depends only on the snapshot and on which of its instants (the
    // sale's start and end, the stages' ends) have come by `now`: how many have is the key.
    const instants = (snapshot.instants ??= [settings.startsAt, settings.endsAt, ...stages.map((st) => st.endsAt)].flatMap((d) => (d ? [d.getTime()] : [])));
    const at = now.getTime();
    const key = instants.reduce((n, t) => (t <= at ? n + 1 : n), 0);
    let head = snapshot.heads.get(key);
    if (head === undefined) {
      // serverTime is the view's last key.
      const text = JSON.stringify(saleSchema.parse(saleView(settings, stages, totals, now)));
      head = text.slice(0, text.lastIndexOf(',"serverTime":'));
      snapshot.heads.set(key, head);
    }
    return `${head},"serverTime":"${now.toISOString()}"}`;
  }

  /** The sale's settings as kept (the quick path of an order checks them against the database). */
  async settings(): Promise<SaleSettingsRow> {
    return (await this.snapshot()).settings;
  }

  /** The settings and stages as kept: a quote's starting point, which the order's insert checks in the database. */
  async withStages(): Promise<{ settings: SaleSettingsRow; stages: SaleStage[] }> {
    const snapshot = await this.snapshot();
    return { settings: snapshot.settings, stages: (snapshot.figures ??= stageFigures(snapshot.stages)) };
  }

  /** Drops the kept figures when settings just read from the database differ from them. */
  notice(fresh: SaleSettingsRow): void {
    const kept = this.cached?.settings;
    if (kept && !sameSettings(kept, fresh)) this.invalidate();
  }

  /**
   * The figures as last read. Once older than `maxAgeMs` they still answer while one fresh read runs
   * (a launch spike's landing is not kept waiting behind its orders); after `invalidate` (a change this
   * instance made or heard of) callers wait for the fresh read.
   */
  private async snapshot(): Promise<Snapshot> {
    const kept = this.cached;
    if (kept && Date.now() - kept.at < this.maxAgeMs) return kept;
    const loading = this.load();
    if (!kept) return loading;
    loading.catch(() => undefined);
    return kept;
  }

  private async load(): Promise<Snapshot> {
    if (this.loading) return this.loading;
    // Concurrent requests share one read.
    const generation = this.generation;
    const startedAt = Date.now();
    const loading = (this.loading = Promise.all([getSaleSettings(this.db), findStages(this.db), sumApprovedOrders(this.db)]).then(([settings, stages, totals]) => ({
      settings,
      stages,
      figures: undefined,
      instants: undefined,
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
  stages: StageRow[];
  /** The stages as pricing reads them, computed once per snapshot. */
  figures: SaleStage[] | undefined;
  totals: SaleTotals;
  /** When its read started. */
  at: number;
  /** The sale's start and end and the stages' ends, in milliseconds: the view changes only as `now` passes one. */
  instants: number[] | undefined;
  /** The JSON of the view up to `serverTime`, per number of those instants passed. */
  heads: Map<number, string>;
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
