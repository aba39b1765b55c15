// The operator's stages (issue 30): saving them, ending the current one early, and following them as
// time passes. Each sets what buyers pay, so each ends by making the stored token price the current
// stage's and re-deriving every crypto's rate from it in the same transaction (decision 025).
import type { z } from 'zod';
import type { Stages, stagesBodySchema } from '@/contracts/sale';
import { dec, toPlain } from '@/domain/decimal';
import { groupDigits } from '@/domain/quote';
import { AUTOMATIC, type Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { conflict, invalid, notFound } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { recomputeRates } from '../rates/rates.service';
import { adminStagesView } from '../sale/sale-admin.service';
import {
  closeStage,
  currentPriceOf,
  findStages,
  getSaleSettings,
  lockSale,
  recordStageClosings,
  setStageTotals,
  setTokenPrice,
  stageFigures,
  stagesView,
  writeStages,
  type StageRow,
  type StageWrite,
} from '../sale/sale.service';

type StagesBody = z.output<typeof stagesBodySchema>;
type SaleRow = Awaited<ReturnType<typeof lockSale>>;

/** What following the stages changed: closings recorded, and the token price when it moved. */
export interface Followed {
  closings: number;
  price: { before: string; after: string } | null;
}

/** The price buyers pay at `now`: the current stage's (before the first, the first's; after the last, the last's). */
function priceAt(sale: SaleRow, rows: readonly StageRow[], now: Date): string {
  return currentPriceOf(stagesView(sale, stageFigures(rows), now));
}

/**
 * Makes the stored token price the current stage's at `now` and re-derives every rate from it,
 * auditing the change as `actor`'s. Inside a transaction holding the sale's lock.
 */
async function followPrice(tx: Queryable, sale: SaleRow, actor: Actor, now: Date): Promise<Followed['price']> {
  const after = priceAt(sale, await findStages(tx), now);
  if (dec(after).eq(sale.priceUsd)) return null;
  const before = toPlain(dec(sale.priceUsd));
  await setTokenPrice(tx, after, now);
  const rates = await recomputeRates(tx, after, now, sale.priceUsd);
  await recordAudit(tx, actor, 'price.updated', 'sale:price', { priceUsd: before, rates: rates.before }, { priceUsd: after, rates: rates.after, staleRates: rates.stale });
  return { before, after };
}

/**
 * Records the closings that are due at `now` and follows the current stage's price, inside a
 * transaction holding the sale's lock.
 */
async function followInTx(tx: Queryable, sale: SaleRow, actor: Actor, now: Date): Promise<Followed> {
  const closings = await recordStageClosings(tx, sale, now);
  return { closings: closings.length, price: await followPrice(tx, sale, actor, now) };
}

/**
 * "Follow the stages": a stage that ended by time gets its closing recorded and audited, and a stage
 * that changed (by time or sold out) moves the stored token price and rates, without an operator.
 * The order-expiry job runs it each tick; a sale event goes out when anything changed.
 */
export async function followStages(db: Db, events: EventBus, now = new Date()): Promise<Followed> {
  // Most ticks change nothing: look first without the sale's lock, which every order takes.
  const [sale, rows] = await Promise.all([getSaleSettings(db), findStages(db)]);
  const due = rows.some((s) => s.closedAt === null && s.endsAt !== null && s.endsAt <= now);
  if (!due && dec(priceAt(sale, rows, now)).eq(sale.priceUsd)) return { closings: 0, price: null };
  const followed = await db.transaction(async (tx) => followInTx(tx, await lockSale(tx), AUTOMATIC, now));
  if (followed.closings > 0 || followed.price) events.publish({ type: 'sale' });
  return followed;
}

function stagesResult(sale: SaleRow, rows: readonly StageRow[], now: Date): Stages {
  return { stages: adminStagesView(sale, rows, now), unsoldStageTokens: sale.unsoldStageTokens, hardCap: toPlain(dec(sale.hardCap)) };
}

/** The stages as the operator sets them, for the audit log. */
function audited(stages: readonly { id?: number; name: string; priceUsd: string; allocation: string; endsAt: Date | string | null }[], unsold: string) {
  return {
    stages: stages.map((s) => ({
      id: s.id ?? null,
      name: s.name,
      priceUsd: toPlain(dec(s.priceUsd)),
      allocation: toPlain(dec(s.allocation)),
      endsAt: s.endsAt === null ? null : new Date(s.endsAt).toISOString(),
    })),
    unsoldStageTokens: unsold,
  };
}

const sameInstant = (a: Date | null, b: string | null) => (a === null ? b === null : b !== null && a.getTime() === Date.parse(b));

/**
 * Holds the operator's stages to the rules that keep what was sold true (design 028, "Rules to
 * keep"): the stages up to the current one stay where they are; closed ones do not change; one with
 * sales keeps its price and at least what its orders hold. Throws at the field that breaks one.
 */
function checkStages(body: StagesBody, sale: SaleRow, rows: readonly StageRow[], now: Date): void {
  const symbol = sale.tokenSymbol;
  const stored = new Map(rows.map((r) => [r.id, r]));
  const views = adminStagesView(sale, rows, now);
  // The stages that stay in place: every closed one and the current one.
  const lastFixed = views.findLastIndex((v) => v.state !== 'upcoming');
  // A removed stage first: the stages after it move up, which would be named as moved.
  const kept = new Set(body.stages.map((s) => s.id));
  rows.forEach((row, index) => {
    if (kept.has(row.id)) return;
    const view = views[index];
    if (index > lastFixed && !view?.hasSales) return;
    const message = view?.hasSales && index > lastFixed ? `Stage ${index + 1} has sales: it cannot be removed.` : `Stage ${index + 1} is ${view?.state ?? 'closed'}: it cannot be removed.`;
    throw invalid(message, { stages: message });
  });
  const seen = new Set<number>();
  body.stages.forEach((stage, i) => {
    const at = (field: string, message: string) => invalid(message, { [`stages.${i}.${field}`]: message });
    if (stage.id === undefined) return;
    const row = stored.get(stage.id);
    if (!row || seen.has(stage.id)) throw at('name', 'This stage was removed or appears twice: reload the page.');
    seen.add(stage.id);
    const index = rows.indexOf(row);
    const view = views[index];
    if (!view) throw new Error('a stage without its view');
    if (index <= lastFixed && index !== i) throw at('name', `Stage ${index + 1} is ${view.state}: it cannot be moved.`);
    if (view.hasSales && index !== i) throw at('name', `Stage ${index + 1} has sales: it cannot be moved.`);
    if (view.state === 'closed') {
      const changed = stage.name !== row.name || !dec(stage.priceUsd).eq(row.priceUsd) || !dec(stage.allocation).eq(row.allocation) || !sameInstant(row.endsAt, stage.endsAt);
      if (changed) throw at('name', `Stage ${index + 1} is closed: it cannot change.`);
      return;
    }
    if (view.hasSales && !dec(stage.priceUsd).eq(row.priceUsd)) throw at('priceUsd', `Stage ${index + 1} has sales: its price cannot change.`);
    // What a stage may sell is its allocation with the tokens rolled in from earlier stages (and less
    // what it rolled on): its orders may hold more than its allocation alone.
    const rolled = dec(row.rolledIn).minus(row.rolledOut);
    if (dec(stage.allocation).plus(rolled).lt(row.tokensCommitted)) {
      const held = `Stage ${index + 1} holds ${groupDigits(toPlain(dec(row.tokensCommitted)))} ${symbol} in orders`;
      throw at(
        'allocation',
        rolled.eq(0)
          ? `${held}: its allocation cannot be less.`
          : `${held}, ${groupDigits(toPlain(rolled.abs()))} ${symbol} ${rolled.gt(0) ? 'of them rolled in from' : 'more rolled on to'} the stages ${rolled.gt(0) ? 'before' : 'after'} it: its allocation cannot be less than ${groupDigits(toPlain(dec(row.tokensCommitted).minus(rolled)))} ${symbol}.`,
      );
    }
    if (stage.endsAt !== null && !sameInstant(row.endsAt, stage.endsAt) && Date.parse(stage.endsAt) <= now.getTime()) throw at('endsAt', `Stage ${i + 1} must end in the future.`);
  });
  body.stages.forEach((stage, i) => {
    if (stage.id === undefined && stage.endsAt !== null && Date.parse(stage.endsAt) <= now.getTime()) {
      const message = `Stage ${i + 1} must end in the future.`;
      throw invalid(message, { [`stages.${i}.endsAt`]: message });
    }
  });
  const total = body.stages.reduce((sum, s) => sum.plus(s.allocation), dec(0));
  if (total.gt(sale.totalSupply)) {
    const message = `The stages' allocations add up to ${groupDigits(toPlain(total))} ${symbol}, more than the total supply of ${groupDigits(toPlain(dec(sale.totalSupply)))} ${symbol}.`;
    throw invalid(message, { stages: message });
  }
  if (total.lt(sale.softCap)) {
    const message = `The stages' allocations add up to ${groupDigits(toPlain(total))} ${symbol}, less than the soft cap of ${groupDigits(toPlain(dec(sale.softCap)))} ${symbol}.`;
    throw invalid(message, { stages: message });
  }
}

export async function getStages(db: Db, now = new Date()): Promise<Stages> {
  const [sale, rows] = await Promise.all([getSaleSettings(db), findStages(db)]);
  return stagesResult(sale, rows, now);
}

/** Saves the operator's stages (PUT /api/admin/sale/stages), with step-up. */
export async function saveStages(db: Db, events: EventBus, actor: Actor, body: StagesBody, now = new Date()): Promise<Stages> {
  const saved = await db.transaction(async (tx) => {
    const sale = await lockSale(tx);
    // Judge the list against the stages as they stand now: those that ended by now are closed.
    await recordStageClosings(tx, sale, now);
    const rows = await findStages(tx);
    checkStages(body, sale, rows, now);
    const writes: StageWrite[] = body.stages.map((s, i) => ({
      ...(s.id === undefined ? {} : { id: s.id }),
      position: i + 1,
      name: s.name,
      priceUsd: s.priceUsd,
      allocation: s.allocation,
      endsAt: s.endsAt === null ? null : new Date(s.endsAt),
    }));
    const kept = new Set(body.stages.map((s) => s.id));
    await writeStages(
      tx,
      writes,
      rows.filter((r) => !kept.has(r.id)).map((r) => r.id),
    );
    const hardCap = toPlain(body.stages.reduce((sum, s) => sum.plus(s.allocation), dec(0)));
    await setStageTotals(tx, hardCap, body.unsoldStageTokens, now);
    await recordAudit(tx, actor, 'sale.stages', 'sale:stages', audited(rows, sale.unsoldStageTokens), audited(body.stages, body.unsoldStageTokens));
    const after = await lockSale(tx);
    await followPrice(tx, after, actor, now);
    return stagesResult(await lockSale(tx), await findStages(tx), now);
  });
  events.publish({ type: 'sale' });
  return saved;
}

/** Ends the current stage now (POST /api/admin/sale/stages/:id/end): its unsold tokens go as the sale says. */
export async function endStageNow(db: Db, events: EventBus, actor: Actor, id: number, now = new Date()): Promise<Stages> {
  const saved = await db.transaction(async (tx) => {
    const sale = await lockSale(tx);
    await followInTx(tx, sale, AUTOMATIC, now);
    const rows = await findStages(tx);
    const index = rows.findIndex((r) => r.id === id);
    if (index < 0) throw notFound('That stage does not exist.');
    const view = adminStagesView(sale, rows, now)[index];
    if (view?.state !== 'current') throw conflict(`Stage ${index + 1} is ${view?.state ?? 'closed'}: only the current stage can be ended now.`);
    await closeStage(tx, rows, id, sale, 'ended_early', actor, now);
    const after = await lockSale(tx);
    await followPrice(tx, after, actor, now);
    return stagesResult(await lockSale(tx), await findStages(tx), now);
  });
  events.publish({ type: 'sale' });
  return saved;
}
