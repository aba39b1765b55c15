// The operator's EVM payment settings: the watch-only account key and, per chain, the endpoint and
// the watcher's rules. Every change is audited; the endpoint's URL never leaves the server (it may
// carry an API key), only its host.
import { createPublicClient, http } from 'viem';
import type { EvmChainBody, EvmKeyBody, PaymentSettings } from '@/contracts/payments';
import { parseEvmAccountKey, previewEvmAddresses } from '@/domain/account-key';
import { dec, toPlain } from '@/domain/decimal';
import type { Actor } from '../../../actor';
import type { Db, Queryable } from '../../../db/client';
import { invalid, notFound } from '../../../errors';
import { recordAudit } from '../../audit/audit.service';
import { findActiveKey, xpubOf } from '../deposit-addresses.repository';
import type { DepositAddresses } from '../deposit-addresses.service';
import { endpointErrorText } from '../endpoint-error';
import { fingerprintOf, hostOf, quietSince, removePlainKey, savePlainKey, type PlainKeyFamily } from '../settings/settings-common';
import { deleteEvmChain, findEvmChain, findEvmChains, upsertEvmChain } from './evm-chains.repository';

/** What an endpoint says of itself: its chain and its head. */
export type EndpointProbe = (rpcUrl: string) => Promise<{ chainId: number; head: bigint }>;

const probeEndpoint: EndpointProbe = async (rpcUrl) => {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 10_000 }) });
  const [chainId, head] = await Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })]);
  return { chainId, head };
};

/** The EVM key and chains as the Payments page shows them. */
export async function evmSettingsShown(db: Queryable, now: Date): Promise<Pick<PaymentSettings, 'evmKey' | 'chains'>> {
  const [key, chains] = await Promise.all([findActiveKey(db, 'evm'), findEvmChains(db)]);
  const parsed = key ? parseEvmAccountKey(xpubOf(key)) : null;
  return {
    evmKey: key && parsed?.ok ? { xpub: xpubOf(key), fingerprint: fingerprintOf(parsed.key.external), firstAddresses: previewEvmAddresses(parsed.key), handedOut: key.nextIndex } : null,
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
  };
}

export class EvmSettingsService {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositAddresses,
    private readonly probe: EndpointProbe = probeEndpoint,
  ) {}

  /** Saves the account key; refused while orders are open on addresses of the key it replaces. */
  async setKey(actor: Actor, body: EvmKeyBody): Promise<void> {
    const parsed = parseEvmAccountKey(body.xpub);
    if (!parsed.ok) throw invalid(parsed.message, { xpub: parsed.message });
    await savePlainKey(this.db, actor, EVM_KEYS, parsed.key.xpub);
    this.deposits.forget();
  }

  async removeKey(actor: Actor): Promise<void> {
    await removePlainKey(this.db, actor, EVM_KEYS);
    this.deposits.forget();
  }

  /**
   * Saves a chain's endpoint and rules. A new endpoint is asked for its chain id first (an endpoint
   * of another chain would watch the wrong money) and the watcher starts after its current head.
   */
  async setChain(actor: Actor, chainId: number, body: EvmChainBody, now = new Date()): Promise<void> {
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
  }

  async removeChain(actor: Actor, chainId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await findEvmChain(tx, chainId);
      if (!before || !(await deleteEvmChain(tx, chainId))) throw notFound('No endpoint is set for this chain.');
      await recordAudit(tx, actor, 'payments.chain_removed', `chain:${chainId}`, { rpcHost: hostOf(before.rpcUrl) }, null);
    });
    this.deposits.forget();
  }
}

const EVM_KEYS: PlainKeyFamily = {
  family: 'evm',
  firstAddressOf: (xpub) => {
    const parsed = parseEvmAccountKey(xpub);
    return parsed.ok ? (previewEvmAddresses(parsed.key, 1)[0] ?? null) : null;
  },
};
