// The operator's payment settings: the watch-only EVM account key and, per chain, the endpoint and the
// watcher's rules. Every change is audited; the endpoint's URL never leaves the server (it may carry
// an API key), only its host.
import { createPublicClient, http } from 'viem';
import type { EvmChainBody, EvmKeyBody, LookupBody, PaymentSettings, UtxoChainSettings, UtxoKeyBody, UtxoWatcherBody } from '@/contracts/payments';
import { keyPrefixesOf, parseUtxoAccountKey, previewUtxoAddresses } from '@/domain/utxo/account-key';
import { formatCoins, parseCoins } from '@/domain/utxo/amount';
import { CHAINS, GENESIS_HASHES, SCRIPT_TYPES, UTXO_CHAINS, type UtxoChain } from '@/domain/utxo/chains';
import { defaultConfirmationPolicy } from '@/domain/utxo/confirmation-policy';
import type { LookupNetwork } from '@/domain/networks';
import { parseEvmAccountKey, previewEvmAddresses } from '@/domain/account-key';
import { can, type Role } from '@/contracts/permissions';
import type { HDKey } from '@scure/bip32';
import { dec, toPlain } from '@/domain/decimal';
import type { Actor } from '../../../actor';
import type { Db, Queryable } from '../../../db/client';
import { conflict, invalid, notFound } from '../../../errors';
import { recordAudit } from '../../audit/audit.service';
import { listCryptoNetworks } from '../../cryptos/cryptos.service';
import type { DepositAddresses } from '../deposit-addresses.service';
import { endpointErrorText } from '../endpoint-error';
import { EsploraClient } from '../utxo/esplora-client';
import {
  countGap,
  countOpenOrdersOnKey,
  deactivateKey,
  deleteUtxoChain,
  findUtxoChain,
  findUtxoChains,
  upsertUtxoChain,
  type AccountKeyRow,
  type UtxoChainRow,
  deleteEvmChain,
  deleteLookupEndpoint,
  findActiveKey,
  findEvmChain,
  findEvmChains,
  findLookupEndpoint,
  findLookupEndpoints,
  lockActiveKey,
  replaceActiveKey,
  upsertEvmChain,
  upsertLookupEndpoint,
} from '../payments.repository';

import { solanaSlot, tronHead } from '../lookups/tron-solana-lookups';

/**
 * How long a chain's newest block may stay the same before the Payments page says the endpoint may
 * have stopped following it: far beyond what blocks ever take (Bitcoin's 10-minute blocks leave a
 * 2-hour gap about once in 160,000; Litecoin's 2.5 minutes and Dogecoin's 1 minute alike), so the
 * warning means the endpoint, not the chain.
 */
const QUIET_MINUTES: Readonly<Record<UtxoChain | 'evm', number>> = { bitcoin: 120, litecoin: 30, dogecoin: 12, evm: 10 };

/** The instant the newest block last changed, when that is longer ago than the chain allows; else null. */
function quietSince(changedAt: Date | null, chain: UtxoChain | 'evm', now: Date): string | null {
  return changedAt && now.getTime() - changedAt.getTime() > QUIET_MINUTES[chain] * 60_000 ? changedAt.toISOString() : null;
}

export async function getPaymentSettings(db: Queryable, now = new Date()): Promise<PaymentSettings> {
  const [key, chains, lookups, watchers, cryptos] = await Promise.all([findActiveKey(db, 'evm'), findEvmChains(db), findLookupEndpoints(db), findUtxoChains(db), listCryptoNetworks(db)]);
  const parsed = key ? parseEvmAccountKey(key.xpub) : null;
  const utxoChains = await Promise.all(
    UTXO_CHAINS.map(async (chain) =>
      utxoChainShown(
        db,
        chain,
        await findActiveKey(db, chain),
        watchers.find((w) => w.chain === chain),
        cryptos.filter((c) => c.network === chain).map((c) => c.code),
        now,
      ),
    ),
  );
  return {
    utxoChains,
    evmKey: key && parsed?.ok ? { xpub: key.xpub, fingerprint: fingerprintOf(parsed.key.external), firstAddresses: previewEvmAddresses(parsed.key), handedOut: key.nextIndex } : null,
    chains: chains.map((c) => ({
      chainId: c.chainId,
      rpcHost: hostOf(c.rpcUrl),
      confirmations: c.confirmations,
      tolerancePercent: toPlain(dec(c.toleranceBps).div(100)),
      autoApproveUsd: toPlain(dec(c.autoApproveUsd)),
      headBlock: c.headBlock?.toString() ?? null,
      nextBlock: c.nextBlock?.toString() ?? null,
      noBlockSince: quietSince(c.headChangedAt, 'evm', now),
      scannedAt: c.scannedAt?.toISOString() ?? null,
      lastError: c.lastError,
      lastErrorAt: c.lastErrorAt?.toISOString() ?? null,
    })),
    lookups: lookups.map((l) => ({ network: l.network, host: hostOf(l.url) })),
  };
}

/** The account key's own BIP-32 fingerprint, which its receiving chain (…/0) records as its parent's. */
function fingerprintOf(external: HDKey): string {
  return external.parentFingerprint.toString(16).padStart(8, '0');
}

/**
 * The settings as `role` may see them. An account key (xpub, zpub…) reads every address the account
 * ever uses, so the whole treasury's history: Owners alone see it; everyone who may read the page
 * sees its fingerprint and first addresses.
 */
export function paymentSettingsFor(role: Role, settings: PaymentSettings): PaymentSettings {
  if (can(role, 'own')) return settings;
  return {
    ...settings,
    evmKey: settings.evmKey && { ...settings.evmKey, xpub: null },
    utxoChains: settings.utxoChains.map((c) => ({ ...c, key: c.key && { ...c.key, xpub: null } })),
  };
}

async function utxoChainShown(db: Queryable, chain: UtxoChain, key: AccountKeyRow | undefined, watcher: UtxoChainRow | undefined, currencies: string[], now: Date): Promise<UtxoChainSettings> {
  const params = CHAINS[chain];
  const policy = defaultConfirmationPolicy(chain, 0n);
  const parsed = key ? parseUtxoAccountKey(chain, key.xpub, { scriptType: key.scriptType ?? undefined }) : null;
  return {
    chain,
    name: params.name,
    symbol: params.symbol,
    keyPrefixes: keyPrefixesOf(chain),
    scriptTypes: params.segwit ? [...SCRIPT_TYPES] : ['p2pkh'],
    currencies,
    defaults: { confirmations: policy.confirmations, largeConfirmations: policy.large?.confirmations ?? policy.confirmations },
    key:
      key && parsed?.ok
        ? { xpub: key.xpub, fingerprint: fingerprintOf(parsed.key.external), scriptType: parsed.key.scriptType, firstAddresses: previewUtxoAddresses(parsed.key), handedOut: key.nextIndex, gap: await countGap(db, key) }
        : null,
    watcher: watcher
      ? {
          esploraHost: hostOf(watcher.esploraUrl),
          confirmations: watcher.confirmations,
          largeAbove: watcher.largeAboveUnits === null ? null : formatCoins(BigInt(watcher.largeAboveUnits)),
          largeConfirmations: watcher.largeConfirmations,
          tolerancePercent: toPlain(dec(watcher.toleranceBps).div(100)),
          autoApproveUsd: toPlain(dec(watcher.autoApproveUsd)),
          tipHeight: watcher.tipHeight,
          noBlockSince: quietSince(watcher.tipChangedAt, chain, now),
          scannedAt: watcher.scannedAt?.toISOString() ?? null,
          lastError: watcher.lastError,
          lastErrorAt: watcher.lastErrorAt?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * What a lookup endpoint says of itself: the height of its newest block (or slot) and, for an Esplora
 * API, the hash of its first block, which names the chain it serves.
 */
export type LookupProbe = (network: LookupNetwork, url: string) => Promise<{ head: number; genesis: string | null }>;

const probeLookupEndpoint: LookupProbe = async (network, url) => {
  switch (network) {
    case 'bitcoin': {
      const client = new EsploraClient({ baseUrl: url });
      const [head, genesis] = await Promise.all([client.getTipHeight(), client.getBlockHashAtHeight(0)]);
      return { head, genesis };
    }
    case 'tron':
      return { head: await tronHead(url), genesis: null };
    case 'solana':
      return { head: await solanaSlot(url), genesis: null };
  }
};

/** Refuses an Esplora endpoint whose first block is not `chain`'s on its main network, at `field`. */
function refuseOtherChain(genesis: string | null, chain: UtxoChain, field: string): void {
  if (genesis === null || genesis === GENESIS_HASHES[chain]) return;
  const name = CHAINS[chain].name;
  const other = UTXO_CHAINS.find((c) => GENESIS_HASHES[c] === genesis);
  const message = other
    ? `This endpoint serves ${CHAINS[other].name}, not ${name}.`
    : `This endpoint does not serve ${name}'s main network (its first block is ${genesis.slice(0, 12)}…, not ${GENESIS_HASHES[chain].slice(0, 12)}…).`;
  throw invalid(message, { [field]: message });
}

const LOOKUP_APIS: Record<LookupNetwork, string> = { bitcoin: 'an Esplora API', tron: 'a TronGrid-compatible API', solana: 'a Solana JSON-RPC endpoint' };

/** What an endpoint says of itself: its chain and its head. */
export type EndpointProbe = (rpcUrl: string) => Promise<{ chainId: number; head: bigint }>;

const probeEndpoint: EndpointProbe = async (rpcUrl) => {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) });
  const [chainId, head] = await Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })]);
  return { chainId, head };
};

export class PaymentSettingsService {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositAddresses,
    private readonly probe: EndpointProbe = probeEndpoint,
    private readonly probeLookup: LookupProbe = probeLookupEndpoint,
  ) {}

  /** Saves where a network's pasted transaction hashes are looked up, once the endpoint has answered as one. */
  async setLookup(actor: Actor, network: LookupNetwork, body: LookupBody, now = new Date()): Promise<PaymentSettings> {
    const url = body.url.trim();
    const before = await findLookupEndpoint(this.db, network);
    if (before?.url !== url) {
      const seen = await this.probeLookup(network, url).catch((error: unknown) => {
        const message = `The endpoint did not answer as ${LOOKUP_APIS[network]}: ${endpointErrorText(error, 200)}`;
        throw invalid(message, { url: message });
      });
      if (network === 'bitcoin') refuseOtherChain(seen.genesis, 'bitcoin', 'url');
    }
    await this.db.transaction(async (tx) => {
      await upsertLookupEndpoint(tx, network, url, now);
      await recordAudit(tx, actor, 'payments.lookup', `lookup:${network}`, before ? { host: hostOf(before.url) } : null, { host: hostOf(url) });
    });
    return getPaymentSettings(this.db);
  }

  async removeLookup(actor: Actor, network: LookupNetwork): Promise<PaymentSettings> {
    await this.db.transaction(async (tx) => {
      const before = await findLookupEndpoint(tx, network);
      if (!before || !(await deleteLookupEndpoint(tx, network))) throw notFound('No lookup endpoint is set for this network.');
      await recordAudit(tx, actor, 'payments.lookup_removed', `lookup:${network}`, { host: hostOf(before.url) }, null);
    });
    return getPaymentSettings(this.db);
  }

  /** Saves the account key; refused while orders are open on addresses of the key it replaces. */
  async setEvmKey(actor: Actor, body: EvmKeyBody): Promise<PaymentSettings> {
    const parsed = parseEvmAccountKey(body.xpub);
    if (!parsed.ok) throw invalid(parsed.message, { xpub: parsed.message });
    await this.db.transaction(async (tx) => {
      const current = await lockActiveKey(tx, 'evm');
      if (current?.xpub === parsed.key.xpub) return;
      if (current) await refuseWhileOrdersOpen(tx, current.id, 'replaced');
      await replaceActiveKey(tx, 'evm', parsed.key.xpub);
      await recordAudit(tx, actor, 'payments.evm_key', 'payments:evm', current ? { firstAddress: firstAddressOf(current.xpub) } : null, { firstAddress: previewEvmAddresses(parsed.key, 1)[0] });
    });
    this.deposits.forget();
    return getPaymentSettings(this.db);
  }

  /**
   * Saves a Bitcoin-family chain's account key (zpub, ypub or xpub with its address type); refused
   * while orders are open on addresses of the key it replaces, like the EVM key.
   */
  async setUtxoKey(actor: Actor, chain: UtxoChain, body: UtxoKeyBody): Promise<PaymentSettings> {
    const parsed = parseUtxoAccountKey(chain, body.xpub, { scriptType: body.scriptType });
    if (!parsed.ok) {
      // A key that reads without the chosen address type but not with it: the choice is what is wrong.
      const field = body.scriptType !== undefined && parseUtxoAccountKey(chain, body.xpub).ok ? 'scriptType' : 'xpub';
      throw invalid(parsed.message, { [field]: parsed.message });
    }
    const key = parsed.key;
    await this.db.transaction(async (tx) => {
      const current = await lockActiveKey(tx, chain);
      if (current?.xpub === key.text && current.scriptType === key.scriptType) return;
      if (current) await refuseWhileOrdersOpen(tx, current.id, 'replaced');
      await replaceActiveKey(tx, chain, key.text, key.scriptType);
      await recordAudit(tx, actor, 'payments.utxo_key', `payments:${chain}`, current ? { firstAddress: firstUtxoAddressOf(current), scriptType: current.scriptType } : null, {
        firstAddress: previewUtxoAddresses(key, 1)[0],
        scriptType: key.scriptType,
      });
    });
    this.deposits.forget();
    return getPaymentSettings(this.db);
  }

  async removeUtxoKey(actor: Actor, chain: UtxoChain): Promise<PaymentSettings> {
    await this.db.transaction(async (tx) => {
      const current = await lockActiveKey(tx, chain);
      if (!current) return;
      await refuseWhileOrdersOpen(tx, current.id, 'removed');
      await deactivateKey(tx, chain);
      await recordAudit(tx, actor, 'payments.utxo_key_removed', `payments:${chain}`, { firstAddress: firstUtxoAddressOf(current), scriptType: current.scriptType }, null);
    });
    this.deposits.forget();
    return getPaymentSettings(this.db);
  }

  /**
   * Saves how a Bitcoin-family chain is read and judged. A new endpoint is asked for its tip and its
   * first block first (it must answer as an Esplora API of this chain's main network) and the watcher
   * starts afresh at the tip: nothing paid before counts.
   */
  async setUtxoWatcher(actor: Actor, chain: UtxoChain, body: UtxoWatcherBody, now = new Date()): Promise<PaymentSettings> {
    if (body.largeAbove !== null && body.largeConfirmations < body.confirmations) {
      const message = 'Large payments cannot need fewer confirmations than others.';
      throw invalid(message, { largeConfirmations: message });
    }
    const url = body.esploraUrl.trim();
    const current = await findUtxoChain(this.db, chain);
    const newEndpoint = current?.esploraUrl !== url;
    if (newEndpoint) {
      const seen = await this.probeLookup('bitcoin', url).catch((error: unknown) => {
        const message = `The endpoint did not answer as an Esplora API: ${endpointErrorText(error, 200)}`;
        throw invalid(message, { esploraUrl: message });
      });
      refuseOtherChain(seen.genesis, chain, 'esploraUrl');
    }
    const settings = {
      esploraUrl: url,
      confirmations: body.confirmations,
      largeAboveUnits: body.largeAbove === null ? null : parseCoins(body.largeAbove).toString(),
      // Without an amount for it, the rule is off: the column keeps the plain count.
      largeConfirmations: body.largeAbove === null ? body.confirmations : body.largeConfirmations,
      toleranceBps: Number(dec(body.tolerancePercent).times(100).toFixed(0)),
      autoApproveUsd: toPlain(dec(body.autoApproveUsd)),
    };
    await this.db.transaction(async (tx) => {
      const before = await findUtxoChain(tx, chain);
      await upsertUtxoChain(tx, chain, settings, newEndpoint, now);
      const shown = (c: typeof settings) => ({ esploraHost: hostOf(c.esploraUrl), confirmations: c.confirmations, largeAboveUnits: c.largeAboveUnits, largeConfirmations: c.largeConfirmations, toleranceBps: c.toleranceBps, autoApproveUsd: toPlain(dec(c.autoApproveUsd)) });
      await recordAudit(tx, actor, 'payments.utxo_watcher', `chain:${chain}`, before ? shown(before) : null, shown(settings));
    });
    this.deposits.forget();
    return getPaymentSettings(this.db);
  }

  async removeUtxoWatcher(actor: Actor, chain: UtxoChain): Promise<PaymentSettings> {
    await this.db.transaction(async (tx) => {
      const before = await findUtxoChain(tx, chain);
      if (!before || !(await deleteUtxoChain(tx, chain))) throw notFound(`No watcher is set for ${CHAINS[chain].name}.`);
      await recordAudit(tx, actor, 'payments.utxo_watcher_removed', `chain:${chain}`, { esploraHost: hostOf(before.esploraUrl) }, null);
    });
    this.deposits.forget();
    return getPaymentSettings(this.db);
  }

  async removeEvmKey(actor: Actor): Promise<PaymentSettings> {
    await this.db.transaction(async (tx) => {
      const current = await lockActiveKey(tx, 'evm');
      if (!current) return;
      await refuseWhileOrdersOpen(tx, current.id, 'removed');
      await deactivateKey(tx, 'evm');
      await recordAudit(tx, actor, 'payments.evm_key_removed', 'payments:evm', { firstAddress: firstAddressOf(current.xpub) }, null);
    });
    this.deposits.forget();
    return getPaymentSettings(this.db);
  }

  /**
   * Saves a chain's endpoint and rules. A new endpoint is asked for its chain id first (an endpoint
   * of another chain would watch the wrong money) and the watcher starts after its current head.
   */
  async setChain(actor: Actor, chainId: number, body: EvmChainBody, now = new Date()): Promise<PaymentSettings> {
    const current = await findEvmChain(this.db, chainId);
    let startAt: bigint | null = null;
    if (current?.rpcUrl !== body.rpcUrl.trim()) {
      const seen = await this.probe(body.rpcUrl.trim()).catch((error: unknown) => {
        const message = `The endpoint did not answer: ${endpointErrorText(error, 200)}`;
        throw invalid(message, { rpcUrl: message });
      });
      if (seen.chainId !== chainId) {
        const message = `This endpoint serves chain ${seen.chainId}, not chain ${chainId}.`;
        throw invalid(message, { rpcUrl: message });
      }
      startAt = seen.head + 1n;
    }
    await this.db.transaction(async (tx) => {
      const before = await findEvmChain(tx, chainId);
      const settings = {
        chainId,
        rpcUrl: body.rpcUrl.trim(),
        confirmations: body.confirmations,
        toleranceBps: Number(dec(body.tolerancePercent).times(100).toFixed(0)),
        autoApproveUsd: toPlain(dec(body.autoApproveUsd)),
      };
      await upsertEvmChain(tx, settings, startAt, now);
      const shown = (c: typeof settings) => ({ rpcHost: hostOf(c.rpcUrl), confirmations: c.confirmations, toleranceBps: c.toleranceBps, autoApproveUsd: toPlain(dec(c.autoApproveUsd)) });
      await recordAudit(tx, actor, 'payments.chain', `chain:${chainId}`, before ? shown(before) : null, shown(settings));
    });
    this.deposits.forget();
    return getPaymentSettings(this.db);
  }

  async removeChain(actor: Actor, chainId: number): Promise<PaymentSettings> {
    await this.db.transaction(async (tx) => {
      const before = await findEvmChain(tx, chainId);
      if (!before || !(await deleteEvmChain(tx, chainId))) throw notFound('No endpoint is set for this chain.');
      await recordAudit(tx, actor, 'payments.chain_removed', `chain:${chainId}`, { rpcHost: hostOf(before.rpcUrl) }, null);
    });
    this.deposits.forget();
    return getPaymentSettings(this.db);
  }
}

async function refuseWhileOrdersOpen(db: Queryable, keyId: number, change: 'replaced' | 'removed'): Promise<void> {
  const open = await countOpenOrdersOnKey(db, keyId);
  if (open > 0) {
    const message = `${open} ${open === 1 ? 'order is' : 'orders are'} awaiting payment to addresses of the current key: it can be ${change} once they are paid or expired.`;
    throw conflict(message, { xpub: message });
  }
}

function firstUtxoAddressOf(key: AccountKeyRow): string | null {
  if (key.family === 'evm') return null;
  const parsed = parseUtxoAccountKey(key.family, key.xpub, { scriptType: key.scriptType ?? undefined });
  return parsed.ok ? (previewUtxoAddresses(parsed.key, 1)[0] ?? null) : null;
}

function firstAddressOf(xpub: string): string | null {
  const parsed = parseEvmAccountKey(xpub);
  return parsed.ok ? (previewEvmAddresses(parsed.key, 1)[0] ?? null) : null;
}

/** The endpoint's host alone: the rest of its URL may hold an API key. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
}
