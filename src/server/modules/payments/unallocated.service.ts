// Deposits to a buyer's address that no open order holds (sent with no order, twice, after the
// order's window plus the late days, or dust and address poisoning): listed for the operator, who
// dismisses them with a reason. Every dismissal is audited.
import { formatUnits } from 'viem';
import type { UnallocatedDeposit } from '@/contracts/payments';
import { dec, toPlain } from '@/domain/decimal';
import { explorerTxUrl, sameTokenContract } from '@/domain/payment';
import { quoteAtPrices, type PricesNow } from '@/domain/stage-credit';
import type { Actor } from '../../actor';
import type { Db, Queryable } from '../../db/client';
import { conflict } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { findCryptosPaidOn } from '../cryptos/cryptos.service';
import { assignPayment, dismissPayment, findUnallocated, lockUnallocatedPayment, type PaymentRow } from './payments.repository';

/** The watcher hands a fresh payment to its order on its next tick: only older ones are unallocated. */
const SETTLING_MS = 60_000;

/** What a currency buys today across the open stages, or why nothing can be priced in it now (the orders module reads it). */
export type PricesNowOf = (cryptoCode: string, now: Date) => Promise<PricesNow | { refusal: string }>;

/** What a deposit would credit at today's prices, as an order made from it would be quoted, or why it cannot be. */
function quoteAt(amount: string, prices: PricesNow | { refusal: string }): { quote: NonNullable<UnallocatedDeposit['quote']> } | { refusal: string } {
  if ('refusal' in prices) return prices;
  const q = quoteAtPrices(amount, prices);
  if ('refusal' in q) return q;
  const pieces = q.pieces.map((p) => ({ stage: p.stageNumber, stageName: p.stageName, tokens: p.tokens, priceUsd: p.priceUsd, payAmount: p.payAmount }));
  return { quote: { tokens: q.tokens, bonusTokens: q.bonusTokens, usdAmount: q.usdAmount, pieces } };
}

export async function findUnallocatedDeposits(db: Queryable, pricesNow: PricesNowOf, now = new Date()): Promise<UnallocatedDeposit[]> {
  const rows = await findUnallocated(db, new Date(now.getTime() - SETTLING_MS));
  const chains = [...new Map(rows.map((r) => [`${r.network}:${String(r.chainId)}`, { network: r.network, chainId: r.chainId }])).values()];
  const offered = (await Promise.all(chains.map(async (on) => (await findCryptosPaidOn(db, on)).map((c) => ({ ...c, network: on.network }))))).flat();
  // One read of the prices per currency, however many deposits are in it.
  const prices = new Map<string, ReturnType<PricesNowOf>>();
  const pricesOf = (code: string) => {
    let read = prices.get(code);
    if (!read) prices.set(code, (read = pricesNow(code, now)));
    return read;
  };
  return Promise.all(rows.map(async (p) => {
    const crypto = offered.find((c) => c.network === p.network && c.chainId === p.chainId && sameTokenContract(c.tokenContract, p.tokenContract));
    const amount = crypto?.decimals != null ? toPlain(dec(formatUnits(BigInt(p.value), crypto.decimals))) : p.value;
    const priced = crypto?.decimals != null ? quoteAt(amount, await pricesOf(crypto.code)) : null;
    return {
      quote: priced && 'quote' in priced ? priced.quote : null,
      quoteRefusal: priced && 'refusal' in priced ? priced.refusal : null,
      id: p.id,
      network: p.network,
      chainId: p.chainId,
      crypto: crypto?.code ?? null,
      amount,
      baseUnits: p.value,
      txHash: p.txHash,
      explorerUrl: explorerTxUrl(p.network, p.chainId, p.txHash),
      from: p.fromAddress,
      to: p.toAddress,
      blockNumber: p.blockNumber?.toString() ?? null,
      confirmed: p.state === 'confirmed',
      buyer: { id: p.userId ?? 0, email: p.buyerEmail },
      seenAt: p.createdAt.toISOString(),
    };
  }));
}

/**
 * Takes an unallocated deposit for an order the operator makes from it: the payment row, locked
 * until the transaction ends, with the deposit address it reached. Undefined when it is not (any
 * more) unallocated.
 */
export async function takeUnallocatedDeposit(tx: Queryable, id: number): Promise<(PaymentRow & { depositAddressId: number }) | undefined> {
  return lockUnallocatedPayment(tx, id);
}

/** Hands a taken deposit to the order made from it, in the caller's transaction. */
export async function assignDeposit(tx: Queryable, paymentId: number, orderId: number, now: Date): Promise<void> {
  if (!(await assignPayment(tx, paymentId, orderId, now))) throw conflict('This deposit was assigned to an order a moment ago.');
}

export async function dismissDeposit(db: Db, pricesNow: PricesNowOf, actor: Actor, id: number, note: string, now = new Date()): Promise<UnallocatedDeposit[]> {
  await db.transaction(async (tx) => {
    const row = await dismissPayment(tx, id, note, now);
    if (!row) throw conflict('This deposit is not unallocated any more: it was assigned to an order or dismissed already.');
    await recordAudit(tx, actor, 'payment.dismiss', `payment:${row.network === 'evm' ? String(row.chainId) : row.network}:${row.txHash}:${row.network === 'evm' ? String(row.logIndex) : row.toAddress}`, null, { note, value: row.value, to: row.toAddress });
  });
  return findUnallocatedDeposits(db, pricesNow, now);
}
