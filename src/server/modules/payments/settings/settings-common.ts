// What every family's payment settings share: how an endpoint and a key are shown, when a chain is
// quiet, and the rule that a key stays while orders are open on its addresses.
import type { HDKey } from '@scure/bip32';
import type { UtxoChain } from '@/domain/utxo/chains';
import type { Actor } from '../../../actor';
import type { Db, Queryable } from '../../../db/client';
import { conflict } from '../../../errors';
import { recordAudit } from '../../audit/audit.service';
import { countOpenOrdersOnKey, deactivateKey, lockActiveKey, replaceActiveKey, type AccountKeyRow } from '../deposit-addresses.repository';

/**
 * How long a chain's newest block may stay the same before the Payments page says the endpoint may
 * have stopped following it: far beyond what blocks ever take (Bitcoin's 10-minute blocks leave a
 * 2-hour gap about once in 160,000; Litecoin's 2.5 minutes and Dogecoin's 1 minute alike), so the
 * warning means the endpoint, not the chain.
 */
const QUIET_MINUTES: Readonly<Record<UtxoChain | 'evm' | 'tron', number>> = { bitcoin: 120, litecoin: 30, dogecoin: 12, evm: 10, tron: 10 };

/** The instant the newest block last changed, when that is longer ago than the chain allows; else null. */
export function quietSince(changedAt: Date | null, chain: UtxoChain | 'evm' | 'tron', now: Date): string | null {
  return changedAt && now.getTime() - changedAt.getTime() > QUIET_MINUTES[chain] * 60_000 ? changedAt.toISOString() : null;
}

/** The account key's own BIP-32 fingerprint, which its receiving chain (…/0) records as its parent's. */
export function fingerprintOf(external: HDKey): string {
  return external.parentFingerprint.toString(16).padStart(8, '0');
}

/** Refuses to replace or remove the family's key (or TRON's imported list) while orders await payment to its addresses: the message lands on `field`. */
export async function refuseWhileOrdersOpen(db: Queryable, key: Pick<AccountKeyRow, 'id' | 'source'>, change: 'replaced' | 'removed', field = 'xpub'): Promise<void> {
  const open = await countOpenOrdersOnKey(db, key.id);
  if (open > 0) {
    const awaiting = `${open} ${open === 1 ? 'order is' : 'orders are'} awaiting payment to`;
    const message = key.source === 'list' ? `${awaiting} imported addresses: the list can be ${change} once they are paid or expired.` : `${awaiting} addresses of the current key: it can be ${change} once they are paid or expired.`;
    throw conflict(message, { [field]: message });
  }
}

/** How the audit names a family's address source: a key by its first address (never the key itself), a list as such. */
export function sourceShown(key: AccountKeyRow, firstAddressOf: (xpub: string) => string | null): { firstAddress: string | null } | { source: 'list' } {
  return key.xpub === null ? { source: 'list' } : { firstAddress: firstAddressOf(key.xpub) };
}

/** The endpoint's host alone: the rest of its URL may hold an API key. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
}

/** A family whose key derives one kind of address (no address type to choose): EVM chains, TRON. */
export interface PlainKeyFamily {
  family: 'evm' | 'tron';
  /** The key's first address, which the audit names it by (never the key itself). */
  firstAddressOf: (xpub: string) => string | null;
}

/** Makes `xpub` (already read and accepted) the family's key; refused while orders are open on the addresses of the key it replaces. */
export async function savePlainKey(db: Db, actor: Actor, { family, firstAddressOf }: PlainKeyFamily, xpub: string): Promise<void> {
  await db.transaction(async (tx) => {
    // TRON's active source may be an imported list: a key replaces it as it would another key.
    const current = await lockActiveKey(tx, family);
    if (current?.xpub === xpub) return;
    if (current) await refuseWhileOrdersOpen(tx, current, 'replaced');
    await replaceActiveKey(tx, family, xpub);
    // Action keys written out whole: the audit labels' test finds every key the server writes.
    await recordAudit(tx, actor, family === 'evm' ? 'payments.evm_key' : 'payments.tron_key', `payments:${family}`, current ? sourceShown(current, firstAddressOf) : null, { firstAddress: firstAddressOf(xpub) });
  });
}

export async function removePlainKey(db: Db, actor: Actor, { family, firstAddressOf }: PlainKeyFamily): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockActiveKey(tx, family);
    // An imported list in use is not a key: it is set aside on its own (tron-address-list.service).
    if (!current || current.xpub === null) return;
    await refuseWhileOrdersOpen(tx, current, 'removed');
    await deactivateKey(tx, family);
    await recordAudit(tx, actor, family === 'evm' ? 'payments.evm_key_removed' : 'payments.tron_key_removed', `payments:${family}`, { firstAddress: firstAddressOf(current.xpub) }, null);
  });
}
