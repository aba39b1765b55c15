import type { z } from 'zod';
import type { AdminStage, SaleSettings, saleSettingsBodySchema } from '@/contracts/sale';
import { dec, toPlain } from '@/domain/decimal';
import { ORDER_EXPIRY_MAX, orderExpiryText, type OrderExpiryUnit } from '@/domain/order-expiry';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import { invalid } from '../../errors';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { updateSaleSettingsRow, type SaleSettingsRow } from './sale.repository';
import { findStages, getSaleSettings, lockSale, stageFigures, stagesView, type StageRow } from './sale.service';

/** The unit the server counts order expiry in, and the shortest window an operator may set in it. */
export interface OrderExpiryLimits {
  unit: OrderExpiryUnit;
  min: number;
}

/** The stages as the operator's Stages section shows them at `now`. */
export function adminStagesView(s: SaleSettingsRow, rows: readonly StageRow[], now: Date): AdminStage[] {
  const figures = stageFigures(rows);
  return stagesView(s, figures, now).map((view, i) => {
    const f = figures[i];
    if (!f) throw new Error('a stage view without its stage');
    return { ...view, id: f.id, tokensCommitted: f.tokensCommitted, hasSales: dec(f.tokensCommitted).gt(0) || dec(f.tokensSold).gt(0) || f.closedAt !== null };
  });
}

/** The settings the operator sets, as an audit entry records them (without the time of change, the server's unit or the stages, audited on their own). */
function audited(s: SaleSettingsRow): Omit<SaleSettings, 'updatedAt' | 'orderExpiryUnit' | 'stages' | 'unsoldStageTokens'> {
  return {
    tokenName: s.tokenName,
    tokenSymbol: s.tokenSymbol,
    priceUsd: toPlain(dec(s.priceUsd)),
    totalSupply: toPlain(dec(s.totalSupply)),
    softCap: toPlain(dec(s.softCap)),
    hardCap: toPlain(dec(s.hardCap)),
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    orderExpiryMinutes: s.orderExpiryMinutes,
    maxPendingOrders: s.maxPendingOrders,
    requireVerifiedEmail: s.requireVerifiedEmail,
    listingAt: s.listingAt?.toISOString() ?? null,
    deliveryNote: s.deliveryNote,
    scheduled: s.scheduledAt !== null,
  };
}

function view(s: SaleSettingsRow, stages: readonly StageRow[], expiry: OrderExpiryLimits, now = new Date()): SaleSettings {
  return { ...audited(s), orderExpiryUnit: expiry.unit, stages: adminStagesView(s, stages, now), unsoldStageTokens: s.unsoldStageTokens, updatedAt: s.updatedAt.toISOString() };
}

export async function getSaleSettingsView(db: Db, expiry: OrderExpiryLimits): Promise<SaleSettings> {
  const [settings, stages] = await Promise.all([getSaleSettings(db), findStages(db)]);
  return view(settings, stages, expiry);
}

/** The window must be one this server allows: its limits are settings, so the contract cannot hold them. */
function checkOrderExpiry(value: number, { unit, min }: OrderExpiryLimits): void {
  const max = ORDER_EXPIRY_MAX[unit];
  const problem =
    value < min ? `Order expiry must be at least ${orderExpiryText(min, unit)}.` : value > max ? 'Order expiry must be at most 7 days.' : undefined;
  if (problem) throw invalid(problem, { orderExpiryMinutes: problem });
}

export async function updateSaleSettings(
  db: Db,
  events: EventBus,
  actor: Actor,
  body: z.output<typeof saleSettingsBodySchema>,
  expiry: OrderExpiryLimits,
): Promise<SaleSettings> {
  checkOrderExpiry(body.orderExpiryMinutes, expiry);
  const saved = await db.transaction(async (tx) => {
    const before = await lockSale(tx);
    const now = new Date();
    // The hard cap is the stages' allocations, set on their own route.
    if (dec(body.softCap).gt(before.hardCap)) {
      const message = `Soft cap must not exceed the hard cap (the stages' allocations add up to ${toPlain(dec(before.hardCap))}).`;
      throw invalid(message, { softCap: message });
    }
    if (dec(body.totalSupply).lt(before.hardCap)) {
      const message = `Total supply must be at least the hard cap (the stages' allocations add up to ${toPlain(dec(before.hardCap))}).`;
      throw invalid(message, { totalSupply: message });
    }
    const after = await updateSaleSettingsRow(
      tx,
      {
        tokenName: body.tokenName,
        tokenSymbol: body.tokenSymbol,
        totalSupply: body.totalSupply,
        softCap: body.softCap,
        hardCap: before.hardCap,
        unsoldStageTokens: before.unsoldStageTokens,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        orderExpiryMinutes: body.orderExpiryMinutes,
        maxPendingOrders: body.maxPendingOrders ?? before.maxPendingOrders,
        requireVerifiedEmail: body.requireVerifiedEmail ?? before.requireVerifiedEmail,
        listingAt: body.listingAt ? new Date(body.listingAt) : null,
        deliveryNote: body.deliveryNote,
        // Saving the schedule is what schedules a fresh install's sale (kept from then on).
        scheduledAt: before.scheduledAt ?? now,
      },
      now,
    );
    if (!after) throw new Error('sale settings vanished');
    // The first save schedules the sale: the entry's `scheduled` says so.
    await recordAudit(tx, actor, 'sale.updated', 'sale', audited(before), audited(after));
    return view(after, await findStages(tx), expiry, now);
  });
  // Open pages refetch the sale at once, and every instance drops its cached figures.
  events.publish({ type: 'sale' });
  return saved;
}
