import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SaleSettings, saleSettingsBodySchema } from '@/contracts/admin';
import { dec, toPlain } from '@/domain/decimal';
import type { Db } from '../../db/client';
import { saleSettings } from '../../db/schema';
import { recordAudit, type Actor } from '../audit/audit.repository';
import { recomputeFeedRates } from '../rates/rates.service';
import type { SaleSettingsRow } from './sale.repository';
import { getSaleSettings } from './sale.service';

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
    listingAt: s.listingAt?.toISOString() ?? null,
    deliveryNote: s.deliveryNote,
    updatedAt: s.updatedAt.toISOString(),
  };
}

export async function getSaleSettingsView(db: Db): Promise<SaleSettings> {
  return view(await getSaleSettings(db));
}

const lockSettings = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => {
  const [row] = await tx.select().from(saleSettings).where(eq(saleSettings.id, 1)).for('update');
  if (!row) throw new Error('sale settings are missing');
  return row;
};

export async function updateSaleSettings(db: Db, actor: Actor, body: z.output<typeof saleSettingsBodySchema>): Promise<SaleSettings> {
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    const [after] = await tx
      .update(saleSettings)
      .set({
        tokenName: body.tokenName,
        tokenSymbol: body.tokenSymbol,
        totalSupply: body.totalSupply,
        softCap: body.softCap,
        hardCap: body.hardCap,
        startsAt: new Date(body.startsAt),
        endsAt: new Date(body.endsAt),
        orderExpiryMinutes: body.orderExpiryMinutes,
        maxPendingOrders: body.maxPendingOrders ?? before.maxPendingOrders,
        listingAt: body.listingAt ? new Date(body.listingAt) : null,
        deliveryNote: body.deliveryNote,
        updatedAt: new Date(),
      })
      .where(eq(saleSettings.id, 1))
      .returning();
    if (!after) throw new Error('sale settings vanished');
    const { updatedAt: _b, ...beforeView } = view(before);
    const { updatedAt: _a, ...afterView } = view(after);
    await recordAudit(tx, actor, 'sale.updated', 'sale', beforeView, afterView);
    return view(after);
  });
}

/**
 * Sets the token price and recomputes every feed-mode rate from its last USD price, in one
 * transaction; a feed rate with no USD price becomes stale until the next refresh. The audit entry
 * keeps the rates before and after, and which were made stale.
 */
export async function updateTokenPrice(db: Db, actor: Actor, priceUsd: string): Promise<{ priceUsd: string }> {
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    const now = new Date();
    await tx.update(saleSettings).set({ priceUsd, updatedAt: now }).where(eq(saleSettings.id, 1));
    const rates = await recomputeFeedRates(tx, priceUsd, now);
    await recordAudit(
      tx,
      actor,
      'price.updated',
      'sale:price',
      { priceUsd: toPlain(dec(before.priceUsd)), rates: rates.before },
      { priceUsd: toPlain(dec(priceUsd)), rates: rates.after, staleRates: rates.stale },
    );
    return { priceUsd: toPlain(dec(priceUsd)) };
  });
}
