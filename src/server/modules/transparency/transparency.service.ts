// /transparency's figures, its export, and the operator's overview (issue 16; decision 021).
import type { ApprovedSums, LedgerExport, Overview, PublicOrder, Transparency } from '@/contracts/transparency';
import { dec, plain, toFixed, toPlain, ZERO } from '@/domain/decimal';
import { GENESIS_HASH } from '@/domain/ledger-chain';
import { maskEmail } from '@/domain/mask';
import { explorerAddressUrl, explorerTxUrl } from '@/domain/payment';
import type { Db, Queryable } from '../../db/client';
import { asIdentifier, asText, writeCsv } from '../../csv';
import { ledgerEntriesOfOrders } from '../orders/order-queries.service';
import { findStages, getSaleSettings, stageFigures, stagesView } from '../sale/sale.service';
import { approvedPerStage, type ApprovedStageRow } from './stage-sums.repository';
import {
  approvalMinutes,
  approvedByDay,
  countApprovedBuyers,
  countApprovedOrders,
  countFunnel,
  countNewBuyersByDay,
  countOrdersByDayAndStatus,
  findApprovedOrders,
  findChainEntries,
  findDailyHeads,
  findFirstActivity,
  findLedgerHead,
  findPaymentSetup,
  recordDailyHead,
  sumRefunds,
  sumRewards,
  type ApprovedDayRow,
  type PublicOrderRow,
} from './transparency.repository';

/** Adds up per-day rows into one row per crypto (by code, in code order). */
export function sumPerCrypto(rows: readonly ApprovedDayRow[]): ApprovedSums[] {
  const byCode = new Map<string, { row: ApprovedDayRow; amount: ReturnType<typeof dec>; usd: ReturnType<typeof dec>; tokens: ReturnType<typeof dec>; bonus: ReturnType<typeof dec>; orders: number }>();
  for (const r of rows) {
    const sum = byCode.get(r.code) ?? { row: r, amount: ZERO, usd: ZERO, tokens: ZERO, bonus: ZERO, orders: 0 };
    sum.amount = sum.amount.plus(dec(r.amount));
    sum.usd = sum.usd.plus(dec(r.usdAmount));
    sum.tokens = sum.tokens.plus(dec(r.tokens));
    sum.bonus = sum.bonus.plus(dec(r.bonusTokens));
    sum.orders += r.orders;
    byCode.set(r.code, sum);
  }
  return [...byCode.values()]
    .sort((a, b) => a.row.code.localeCompare(b.row.code))
    .map((s) => ({
      code: s.row.code,
      name: s.row.name,
      network: s.row.network,
      amount: toPlain(s.amount),
      usdAmount: toFixed(s.usd, 2),
      tokens: toPlain(s.tokens),
      bonusTokens: toPlain(s.bonus),
      orders: s.orders,
    }));
}

export async function getTransparency(db: Queryable, now = new Date()): Promise<Transparency> {
  const [settings, stages, days, buyers, head, heads, setup, rewards, refunds] = await Promise.all([
    getSaleSettings(db),
    findStages(db),
    approvedByDay(db),
    countApprovedBuyers(db),
    findLedgerHead(db),
    findDailyHeads(db),
    findPaymentSetup(db),
    sumRewards(db),
    sumRefunds(db),
  ]);
  const perCrypto = sumPerCrypto(days);
  const total = (pick: (s: ApprovedSums) => string) => perCrypto.reduce((sum, s) => sum.plus(dec(pick(s))), ZERO);
  const automatic = (c: { network: string; chainId: number | null }) => c.network === 'evm' && c.chainId !== null && setup.evmKey && setup.evmChains.has(c.chainId);
  const derivedEvm = setup.cryptos.filter(automatic).map((c) => c.code);
  return {
    token: { name: settings.tokenName, symbol: settings.tokenSymbol },
    totals: {
      raisedUsd: toFixed(total((s) => s.usdAmount), 2),
      tokensSold: toPlain(total((s) => s.tokens)),
      bonusTokens: toPlain(total((s) => s.bonusTokens)),
      referralTokens: toPlain(dec(rewards.referral)),
      campaignTokens: toPlain(dec(rewards.campaign)),
      refunds: { orders: refunds.orders, tokens: toPlain(dec(refunds.tokens)), bonusTokens: toPlain(dec(refunds.bonusTokens)) },
      orders: perCrypto.reduce((n, s) => n + s.orders, 0),
      buyers,
    },
    perCrypto,
    stages: stagesView(settings, stageFigures(stages), now),
    addresses: setup.cryptos
      .filter((c) => !automatic(c) && c.address)
      .map((c) => ({ code: c.code, name: c.name, network: c.network, chainId: c.chainId, address: c.address ?? '', explorerUrl: explorerAddressUrl(c.network, c.chainId, c.address ?? '') })),
    derived: derivedEvm.length > 0 || setup.handedOut.has('evm') ? [{ family: 'evm', cryptos: derivedEvm, addressesHandedOut: setup.handedOut.get('evm') ?? 0 }] : [],
    // The currencies a buyer can pay with: automatic ones, and those with the operator's wallet address.
    verification: setup.cryptos.filter((c) => automatic(c) || c.address).map((c) => ({ code: c.code, name: c.name, automatic: automatic(c) })),
    ledger: { head: { seq: head.seq, hash: head.hash ?? GENESIS_HASH }, total: toPlain(dec(head.total)) },
    dailyHeads: heads.map((h) => ({ day: h.day, seq: h.seq, hash: h.hash, recordedAt: h.recordedAt.toISOString() })),
    serverTime: now.toISOString(),
  };
}

function toPublicOrder(r: PublicOrderRow): Omit<PublicOrder, 'ledger'> {
  return {
    orderId: r.orderId,
    approvedAt: r.approvedAt.toISOString(),
    crypto: { code: r.code, network: r.network },
    amount: plain(r.amount),
    usdAmount: toFixed(dec(r.usdAmount), 2),
    tokens: plain(r.tokens),
    bonusTokens: plain(r.bonusTokens),
    excessTokens: plain(r.excessTokens),
    excessBonusTokens: plain(r.excessBonusTokens),
    buyer: maskEmail(r.email),
    txHash: r.txHash,
    explorerUrl: r.txHash ? explorerTxUrl(r.network, r.chainId, r.txHash) : null,
    withdrawn: r.withdrawn,
  };
}

export async function getPublicOrders(db: Queryable, page: number, pageSize: number) {
  const [rows, total] = await Promise.all([findApprovedOrders(db, { limit: pageSize, offset: (page - 1) * pageSize }), countApprovedOrders(db)]);
  const ledger = await ledgerEntriesOfOrders(
    db,
    rows.map((r) => r.orderId),
  );
  const orders: PublicOrder[] = rows.map((r) => ({
    ...toPublicOrder(r),
    ledger: ledger.filter((e) => e.orderId === r.orderId).map(({ seq, kind, hash }) => ({ seq, kind, hash })),
  }));
  return { orders, total, page, pageSize };
}

const CSV_HEADER = ['Order', 'Approved At (UTC)', 'Currency', 'Amount', 'USD', 'Tokens', 'Bonus tokens', 'Excess tokens', 'Excess bonus tokens', 'Buyer', 'Tx hash', 'Explorer', 'Withdrawn'];

export async function publicOrdersCsv(db: Queryable): Promise<string> {
  const rows = (await findApprovedOrders(db, null)).map(toPublicOrder);
  return writeCsv([
    CSV_HEADER,
    ...rows.map((o) => [
      asIdentifier(String(o.orderId)),
      ...[o.approvedAt, o.crypto.code, o.amount, o.usdAmount, o.tokens, o.bonusTokens, o.excessTokens, o.excessBonusTokens, o.buyer, o.txHash, o.explorerUrl, o.withdrawn ? 'yes' : 'no'].map(asText),
    ]),
  ]);
}

/**
 * The whole chain with the approved orders and daily heads, read in one snapshot (repeatable read)
 * so that an approval committing meanwhile is in all of them or none.
 */
export async function exportLedger(db: Db, now = new Date()): Promise<LedgerExport> {
  return db.transaction(
    async (tx) => {
      const entries = await findChainEntries(tx);
      const orders = (await findApprovedOrders(tx, null)).map(toPublicOrder);
      const heads = await findDailyHeads(tx);
      const last = entries.at(-1);
      return {
        format: 'presale-ledger-1' as const,
        exportedAt: now.toISOString(),
        head: { seq: last?.seq ?? 0, hash: last?.hash ?? GENESIS_HASH },
        entries,
        orders,
        dailyHeads: heads.map(({ day, seq, hash }) => ({ day, seq, hash })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export { recordDailyHead };

// ── The operator's overview ─────────────────────────────────────────────────────────────────────

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

export async function getOverview(db: Queryable, range: Overview['range'], now = new Date()): Promise<Overview> {
  const today = new Date(`${dayOf(now)}T00:00:00.000Z`);
  const since = range === 'sale' ? undefined : new Date(today.getTime() - (range === '7d' ? 6 : 29) * DAY_MS);
  const [approved, ordersByStatus, newBuyers, funnel, minutes, first, settings, stageSums, stages] = await Promise.all([
    approvedByDay(db, since),
    countOrdersByDayAndStatus(db, since),
    countNewBuyersByDay(db, since),
    countFunnel(db, since),
    approvalMinutes(db, since),
    range === 'sale' ? findFirstActivity(db) : Promise.resolve(null),
    range === 'sale' ? getSaleSettings(db) : Promise.resolve(null),
    approvedPerStage(db, since),
    findStages(db),
  ]);
  const from = since ?? earliest([first, settings?.startsAt ?? null, today]);
  return {
    range,
    from: dayOf(from),
    to: dayOf(today),
    approved: approved.map((r) => ({ day: r.day, code: r.code, tokens: toPlain(dec(r.tokens)), usdAmount: toFixed(dec(r.usdAmount), 2), orders: r.orders })),
    ordersByStatus,
    newBuyers,
    funnel,
    approvalMinutes: minutes,
    perCrypto: sumPerCrypto(approved),
    perStage: perStage(stageFigures(stages), stageSums),
  };
}

/** Every stage in sale order with its sums (zero without sales), then the sums of any stage since removed. */
function perStage(stages: readonly { id: number; number: number; name: string; priceUsd: string }[], sums: readonly ApprovedStageRow[]): Overview['perStage'] {
  const byId = new Map(sums.map((s) => [s.stageId, s]));
  const figures = (s: ApprovedStageRow | undefined) => ({ tokens: toPlain(dec(s?.tokens ?? '0')), usdAmount: toFixed(dec(s?.usdAmount ?? '0'), 2), orders: s?.orders ?? 0 });
  const known = new Set(stages.map((s) => s.id));
  return [
    ...stages.map((s) => ({ number: s.number, name: s.name, priceUsd: s.priceUsd, ...figures(byId.get(s.id)) })),
    ...sums.filter((s) => !known.has(s.stageId)).map((s) => ({ number: s.stageNumber, name: s.stageName, priceUsd: null, ...figures(s) })),
  ];
}

function earliest(dates: (Date | null)[]): Date {
  return new Date(Math.min(...dates.filter((d): d is Date => d !== null).map((d) => d.getTime())));
}
