// Which orders pay to a buyer's own deposit address, and which address that is. A currency is paid
// automatically when its chain has an endpoint and the chain family has the operator's account key;
// every other currency keeps its single wallet address and manual review.
import { LRUCache } from 'lru-cache';
import { getAddress } from 'viem';
import { deriveEvmAddress, parseEvmAccountKey } from '@/domain/account-key';
import { deriveUtxoAddress, parseUtxoAccountKey } from '@/domain/utxo/account-key';
import { UTXO_CHAINS, type UtxoChain } from '@/domain/utxo/chains';
import type { Db, Queryable } from '../../db/client';
import { findActiveKey, findDepositAddress, insertDepositAddress, lockActiveKey, type AccountKeyRow } from './deposit-addresses.repository';
import { findEvmChain } from './evm/evm-chains.repository';
import { findUtxoChain } from './utxo/utxo-chains.repository';

/** The parts of a currency that decide how it is paid. */
export interface PayableCrypto {
  network: string;
  chainId: number | null;
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
   * index order under the key's row lock, and never to two buyers.
   */
  async assign(tx: Queryable, userId: number, crypto: PayableCrypto): Promise<{ id: number; address: string } | null> {
    const family = familyOf(crypto);
    if (family === null || !(await isAutomatic(tx, crypto))) return null;
    const key = await lockActiveKey(tx, family);
    if (!key) return null;
    const existing = await findDepositAddress(tx, key.id, userId);
    if (existing) return { id: existing.id, address: family === 'evm' ? getAddress(existing.address) : existing.address };
    const row = await insertDepositAddress(tx, key, userId, deriveAddress(key));
    return { id: row.id, address: family === 'evm' ? getAddress(row.address) : row.address };
  }
}

/** The address at the key's next index. */
function deriveAddress(key: AccountKeyRow): string {
  if (key.family === 'evm') {
    const parsed = parseEvmAccountKey(key.xpub);
    if (!parsed.ok) throw new Error(`The stored account key no longer reads: ${parsed.message}`);
    return deriveEvmAddress(parsed.key, key.nextIndex);
  }
  const parsed = parseUtxoAccountKey(key.family, key.xpub, { scriptType: key.scriptType ?? undefined });
  if (!parsed.ok) throw new Error(`The stored account key no longer reads: ${parsed.message}`);
  return deriveUtxoAddress(parsed.key, key.nextIndex);
}

/** The key family that pays this currency automatically, if any: an EVM chain's currency, or a Bitcoin-family chain's. */
function familyOf(crypto: PayableCrypto): AccountKeyRow['family'] | null {
  if (crypto.network === 'evm') return crypto.chainId === null ? null : 'evm';
  return (UTXO_CHAINS as readonly string[]).includes(crypto.network) ? (crypto.network as UtxoChain) : null;
}

async function isAutomatic(db: Queryable, crypto: PayableCrypto): Promise<boolean> {
  const family = familyOf(crypto);
  if (family === null) return false;
  const [key, chain] = await Promise.all([findActiveKey(db, family), family === 'evm' ? findEvmChain(db, crypto.chainId ?? 0) : findUtxoChain(db, family)]);
  return key !== undefined && chain !== undefined;
}
