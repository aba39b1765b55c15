// Which orders pay to a buyer's own deposit address, and which address that is. A currency is paid
// automatically when its chain has an endpoint and the chain family has the operator's account key;
// every other currency keeps its single wallet address and manual review.
import { LRUCache } from 'lru-cache';
import { getAddress } from 'viem';
import { deriveEvmAddress, parseEvmAccountKey } from '@/domain/account-key';
import { deriveTronAddress, parseTronAccountKey } from '@/domain/tron/account-key';
import { deriveUtxoAddress, parseUtxoAccountKey } from '@/domain/utxo/account-key';
import { UTXO_CHAINS, type UtxoChain } from '@/domain/utxo/chains';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { AUTOMATIC } from '../../actor';
import { recordAudit } from '../audit/audit.service';
import { findActiveKey, findDepositAddress, insertDepositAddress, lockActiveKey, xpubOf, type AccountKeyRow } from './deposit-addresses.repository';
import { findEvmChain } from './evm/evm-chains.repository';
import { countListAddresses, findAddressList, markRanOut, nextListedAddress } from './tron/tron-address-list.repository';
import { findTronChain } from './tron/tron-chains.repository';
import { findUtxoChain } from './utxo/utxo-chains.repository';

/** The parts of a currency that decide how it is paid. */
export interface PayableCrypto {
  network: string;
  chainId: number | null;
}

export const NO_ADDRESS_LEFT = 'No TRON payment address is free at the moment: choose another cryptocurrency, or try again later.';

/**
 * An order on TRON found none of the operator's imported addresses left. Its transaction is rolled
 * back; the order service then calls `noteRanOut`, which audits it for the operator.
 */
export class NoDepositAddressLeft extends AppError {
  constructor(readonly listId: number) {
    super('conflict', NO_ADDRESS_LEFT, { crypto: NO_ADDRESS_LEFT });
  }
}

/** How long "is this currency paid automatically" is reused by the quick order path; the checked path reads afresh. */
const SETUP_CACHE_MS = 5000;

export class DepositAddresses {
  private readonly automatic = new LRUCache<string, boolean>({ max: 100, ttl: SETUP_CACHE_MS });

  constructor(private readonly db: Db) {}

  /** Whether orders in this currency pay to deposit addresses, as read at most a few seconds ago. */
  async isAutomaticCached(crypto: PayableCrypto): Promise<boolean> {
    const family = familyOf(crypto);
    if (family === null) return false;
    const cacheKey = `${family}:${String(crypto.chainId)}`;
    const known = this.automatic.get(cacheKey);
    if (known !== undefined) return known;
    const answer = await isAutomatic(this.db, crypto);
    this.automatic.set(cacheKey, answer);
    return answer;
  }

  /** Settings changed on this instance: read them afresh. */
  forget(): void {
    this.automatic.clear();
  }

  /**
   * The buyer's deposit address for this currency, handed out now if they have none, in the caller's
   * transaction; null when the currency is not paid automatically. Addresses are handed out in
   * index (or list) order under the key's row lock, and never to two buyers. An address already some
   * buyer's (an imported list and a key of the same wallet can share addresses) is passed over.
   * Throws `NoDepositAddressLeft` when an imported list has none left.
   */
  async assign(tx: Queryable, userId: number, crypto: PayableCrypto): Promise<{ id: number; address: string } | null> {
    const family = familyOf(crypto);
    if (family === null || !(await isAutomatic(tx, crypto))) return null;
    const key = await lockActiveKey(tx, family);
    if (!key) return null;
    const existing = await findDepositAddress(tx, key.id, userId);
    const row = existing ?? (key.source === 'list' ? await takeListed(tx, key, userId) : await takeDerived(tx, key, userId));
    return { id: row.id, address: family === 'evm' ? getAddress(row.address) : row.address };
  }

  /** Audits, once until more addresses are imported, that an order found the imported list used up. */
  async noteRanOut(refusal: NoDepositAddressLeft, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await markRanOut(tx, refusal.listId, now))) return;
      const list = await findAddressList(tx);
      const counts = list ? await countListAddresses(tx, list) : null;
      await recordAudit(tx, AUTOMATIC, 'payments.tron_addresses_ran_out', 'payments:tron', null, { imported: counts?.imported ?? 0, left: counts?.left ?? 0 });
    });
  }
}

async function takeDerived(tx: Queryable, key: AccountKeyRow, userId: number): Promise<{ id: number; address: string }> {
  for (let index = key.nextIndex; ; index += 1) {
    const row = await insertDepositAddress(tx, key, userId, deriveAddress(key, index), index);
    if (row) return row;
  }
}

async function takeListed(tx: Queryable, list: AccountKeyRow, userId: number): Promise<{ id: number; address: string }> {
  for (;;) {
    const next = await nextListedAddress(tx, list);
    if (!next) throw new NoDepositAddressLeft(list.id);
    const row = await insertDepositAddress(tx, list, userId, next.address, next.position);
    if (row) return row;
  }
}

/**
 * The smallest order in USD paid to a deposit address of this currency's chain, if the operator set
 * one (TRON: moving USDT out of each address costs TRX), read in the caller's transaction.
 */
export async function minimumDepositOrderUsd(tx: Queryable, crypto: PayableCrypto): Promise<string | null> {
  if (familyOf(crypto) !== 'tron') return null;
  return (await findTronChain(tx))?.minOrderUsd ?? null;
}

/** The address at the key's `index`. */
function deriveAddress(key: AccountKeyRow, index: number): string {
  const xpub = xpubOf(key);
  if (key.family === 'evm' || key.family === 'tron') {
    const parsed = key.family === 'evm' ? parseEvmAccountKey(xpub) : parseTronAccountKey(xpub);
    if (!parsed.ok) throw new Error(`The stored account key no longer reads: ${parsed.message}`);
    return key.family === 'evm' ? deriveEvmAddress(parsed.key, index) : deriveTronAddress(parsed.key, index);
  }
  const parsed = parseUtxoAccountKey(key.family, xpub, { scriptType: key.scriptType ?? undefined });
  if (!parsed.ok) throw new Error(`The stored account key no longer reads: ${parsed.message}`);
  return deriveUtxoAddress(parsed.key, index);
}

/** The key family that pays this currency automatically, if any: an EVM chain's currency, a Bitcoin-family chain's, or TRON's. */
function familyOf(crypto: PayableCrypto): AccountKeyRow['family'] | null {
  if (crypto.network === 'evm') return crypto.chainId === null ? null : 'evm';
  if (crypto.network === 'tron') return 'tron';
  return (UTXO_CHAINS as readonly string[]).includes(crypto.network) ? (crypto.network as UtxoChain) : null;
}

async function isAutomatic(db: Queryable, crypto: PayableCrypto): Promise<boolean> {
  const family = familyOf(crypto);
  if (family === null) return false;
  const [key, chain] = await Promise.all([findActiveKey(db, family), watcherOf(db, family, crypto.chainId)]);
  return key !== undefined && chain !== undefined;
}

/** The family's watcher settings: an address is handed out only where a watcher will see payments to it. */
function watcherOf(db: Queryable, family: AccountKeyRow['family'], chainId: number | null): Promise<unknown> {
  if (family === 'evm') return findEvmChain(db, chainId ?? 0);
  if (family === 'tron') return findTronChain(db);
  return findUtxoChain(db, family);
}
