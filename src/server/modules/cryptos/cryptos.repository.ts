import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { cryptos, orders } from '../../db/schema';

export type CryptoRow = typeof cryptos.$inferSelect;
export type CryptoInsert = typeof cryptos.$inferInsert;

export async function listCryptos(db: Queryable): Promise<CryptoRow[]> {
  return db.select().from(cryptos).orderBy(asc(cryptos.code));
}

export async function findCrypto(db: Queryable, code: string): Promise<CryptoRow | undefined> {
  const [row] = await db.select().from(cryptos).where(eq(cryptos.code, code.toUpperCase())).limit(1);
  return row;
}

/** Locks the row for the rest of the transaction, so concurrent edits apply one after another. */
export async function findCryptoForUpdate(db: Queryable, code: string): Promise<CryptoRow | undefined> {
  const [row] = await db.select().from(cryptos).where(eq(cryptos.code, code.toUpperCase())).limit(1).for('update');
  return row;
}

export async function insertCrypto(db: Queryable, values: CryptoInsert): Promise<CryptoRow> {
  const [row] = await db.insert(cryptos).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCrypto(db: Queryable, code: string, values: Partial<CryptoInsert>): Promise<CryptoRow> {
  const [row] = await db
    .update(cryptos)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cryptos.code, code))
    .returning();
  if (!row) throw new Error(`crypto ${code} vanished during update`);
  return row;
}

/** Locks every crypto of an EVM network, in code order (as the rate refresh locks them, so neither waits on the other in a circle). */
export async function lockEvmCryptos(db: Queryable): Promise<CryptoRow[]> {
  return db.select().from(cryptos).where(eq(cryptos.network, 'evm')).orderBy(asc(cryptos.code)).for('update');
}

export async function setEvmAddress(db: Queryable, address: string): Promise<void> {
  await db.update(cryptos).set({ address, updatedAt: new Date() }).where(eq(cryptos.network, 'evm'));
}

export async function deleteCryptoRow(db: Queryable, code: string): Promise<void> {
  await db.delete(cryptos).where(eq(cryptos.code, code));
}

export async function isCryptoUsedByOrders(db: Queryable, code: string): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(orders).where(eq(orders.cryptoCode, code)).limit(1);
  return row !== undefined;
}

/**
 * Seeds the currencies once (no wallet address: none is offered until the operator sets one). Only
 * the common ones start enabled; the others wait, disabled, for an operator who wants them (issue 28).
 */
export async function seedCryptos(db: Queryable): Promise<void> {
  await db.insert(cryptos).values(SEED_CRYPTOS).onConflictDoNothing();
}

/** Bitcoin, Ether and the two main dollar stablecoins: what most buyers pay a presale with. */
export const ENABLED_AT_FIRST: ReadonlySet<string> = new Set(['BTC', 'ETH', 'USDT', 'USDC']);

const SEED_CRYPTOS: CryptoInsert[] = (
  [
  { code: 'BTC', name: 'Bitcoin', network: 'bitcoin', priceFeedId: 'bitcoin', decimals: 8 },
  { code: 'ETH', name: 'Ethereum', network: 'evm', chainId: 1, priceFeedId: 'ethereum', decimals: 18 },
  { code: 'USDT', name: 'Tether USD (Ethereum)', network: 'evm', chainId: 1, tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6, priceFeedId: 'tether' },
  { code: 'USDC', name: 'USD Coin (Ethereum)', network: 'evm', chainId: 1, tokenContract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6, priceFeedId: 'usd-coin' },
  { code: 'BNB', name: 'BNB (BNB Smart Chain)', network: 'evm', chainId: 56, priceFeedId: 'binancecoin', decimals: 18 },
  { code: 'DOGE', name: 'Dogecoin', network: 'dogecoin', priceFeedId: 'dogecoin', decimals: 8 },
  { code: 'LTC', name: 'Litecoin', network: 'litecoin', priceFeedId: 'litecoin', decimals: 8 },
  { code: 'SOL', name: 'Solana', network: 'solana', priceFeedId: 'solana', decimals: 9 },
  { code: 'TRX', name: 'TRON', network: 'tron', priceFeedId: 'tron', decimals: 6 },
  { code: 'USDTTRC20', name: 'USDT on TRON (TRC-20)', network: 'tron', tokenContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', decimals: 6, priceFeedId: 'tether' },
  ] satisfies CryptoInsert[]
).map((c) => ({ ...c, rateSource: 'feed' as const, enabled: ENABLED_AT_FIRST.has(c.code) }));

/** Contracts of the tokens offered on an EVM chain (lower-case) or on TRON (base58, whose case matters): their Transfer logs are payments. */
export async function findTokenContracts(db: Queryable, on: { network: 'evm'; chainId: number } | { network: 'tron' }): Promise<string[]> {
  const rows = await db
    .select({ contract: cryptos.tokenContract })
    .from(cryptos)
    .where(and(eq(cryptos.network, on.network), on.network === 'evm' ? eq(cryptos.chainId, on.chainId) : undefined, isNotNull(cryptos.tokenContract)));
  return rows.flatMap((r) => (r.contract ? [on.network === 'evm' ? r.contract.toLowerCase() : r.contract] : []));
}
