import type { z } from 'zod';
import type { SaleSettings, saleSettingsBodySchema } from '@/contracts/sale';
import { dec, toPlain } from '@/domain/decimal';
import type { Actor } from '../../actor';
import type { Db } from '../../db/client';
import type { EventBus } from '../../plugins/event-bus';
import { recordAudit } from '../audit/audit.service';
import { updateSaleSettingsRow, type SaleSettingsRow } from './sale.repository';
import { getSaleSettings, lockSale } from './sale.service';

function view(s: SaleSettingsRow): SaleSettings {
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
    updatedAt: s.updatedAt.toISOString(),
  };
}

export async function getSaleSettingsView(db: Db): Promise<SaleSettings> {
  return view(await getSaleSettings(db));
}

export async function updateSaleSettings(db: Db, events: EventBus, actor: Actor, body: z.output<typeof saleSettingsBodySchema>): Promise<SaleSettings> {
  const saved = await db.transaction(async (tx) => {
    const before = await lockSale(tx);
    const now = new Date();
    const after = await updateSaleSettingsRow(
      tx,
      {
        tokenName: body.tokenName,
        tokenSymbol: body.tokenSymbol,
        totalSupply: body.totalSupply,
        softCap: body.softCap,
        hardCap: body.hardCap,
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
    const { updatedAt: _b, ...beforeView } = view(before);
    const { updatedAt: _a, ...afterView } = view(after);
    // The first save schedules the sale: the entry's `scheduled` says so.
    await recordAudit(tx, actor, 'sale.updated', 'sale', beforeView, afterView);
    return view(after);
  });
  // Open pages refetch the sale at once, and every instance drops its cached figures.
  events.publish({ type: 'sale' });
  return saved;
}
