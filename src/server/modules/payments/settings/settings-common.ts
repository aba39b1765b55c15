// What every family's payment settings share: how an endpoint and a key are shown, when a chain is
// quiet, and the rule that a key stays while orders are open on its addresses.
import type { HDKey } from '@scure/bip32';
import type { UtxoChain } from '@/domain/utxo/chains';
import type { Queryable } from '../../../db/client';
import { conflict } from '../../../errors';
import { countOpenOrdersOnKey } from '../deposit-addresses.repository';

/**
 * How long a chain's newest block may stay the same before the Payments page says the endpoint may
 * have stopped following it: far beyond what blocks ever take (Bitcoin's 10-minute blocks leave a
 * 2-hour gap about once in 160,000; Litecoin's 2.5 minutes and Dogecoin's 1 minute alike), so the
 * warning means the endpoint, not the chain.
 */
const QUIET_MINUTES: Readonly<Record<UtxoChain | 'evm', number>> = { bitcoin: 120, litecoin: 30, dogecoin: 12, evm: 10 };

/** The instant the newest block last changed, when that is longer ago than the chain allows; else null. */
export function quietSince(changedAt: Date | null, chain: UtxoChain | 'evm', now: Date): string | null {
  return changedAt && now.getTime() - changedAt.getTime() > QUIET_MINUTES[chain] * 60_000 ? changedAt.toISOString() : null;
}

/** The account key's own BIP-32 fingerprint, which its receiving chain (…/0) records as its parent's. */
export function fingerprintOf(external: HDKey): string {
  return external.parentFingerprint.toString(16).padStart(8, '0');
}

export async function refuseWhileOrdersOpen(db: Queryable, keyId: number, change: 'replaced' | 'removed'): Promise<void> {
  const open = await countOpenOrdersOnKey(db, keyId);
  if (open > 0) {
    const message = `${open} ${open === 1 ? 'order is' : 'orders are'} awaiting payment to addresses of the current key: it can be ${change} once they are paid or expired.`;
    throw conflict(message, { xpub: message });
  }
}

/** The endpoint's host alone: the rest of its URL may hold an API key. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
}
