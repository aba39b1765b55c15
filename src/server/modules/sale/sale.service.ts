import type { Sale } from '@/contracts/sale';
import { dec, percentOf, toFixed, toPlain } from '@/domain/decimal';
import { LEVELS } from '@/domain/levels';
import { MAX_ORDER_TOKENS, MIN_ORDER_TOKENS, saleState } from '@/domain/sale';
import type { Queryable } from '../../db/client';
import { findSaleSettings, sumApprovedOrders, type SaleSettingsRow } from './sale.repository';

export async function getSaleSettings(db: Queryable): Promise<SaleSettingsRow> {
  const settings = await findSaleSettings(db);
  if (!settings) throw new Error('sale settings are missing: the server seeds them at start');
  return settings;
}

export async function getSale(db: Queryable, now: Date = new Date()): Promise<Sale> {
  const [s, totals] = await Promise.all([getSaleSettings(db), sumApprovedOrders(db)]);
  return {
    token: { name: s.tokenName, symbol: s.tokenSymbol },
    priceUsd: toPlain(dec(s.priceUsd)),
    totalSupply: toPlain(dec(s.totalSupply)),
    softCap: toPlain(dec(s.softCap)),
    hardCap: toPlain(dec(s.hardCap)),
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    listingAt: s.listingAt?.toISOString() ?? null,
    orderExpiryMinutes: s.orderExpiryMinutes,
    deliveryNote: s.deliveryNote,
    state: saleState({ now, startsAt: s.startsAt, endsAt: s.endsAt, tokensSold: totals.tokensSold, hardCap: s.hardCap }),
    progressPercent: percentOf(dec(totals.tokensSold), dec(s.hardCap)),
    tokensSold: toPlain(dec(totals.tokensSold)),
    raisedUsd: toFixed(dec(totals.raisedUsd), 2),
    buyers: totals.buyers,
    limits: { minTokens: MIN_ORDER_TOKENS, maxTokens: MAX_ORDER_TOKENS },
    levels: LEVELS.map((l) => ({ ...l })),
    serverTime: now.toISOString(),
  };
}
