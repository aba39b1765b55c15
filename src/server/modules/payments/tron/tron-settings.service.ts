// The operator's TRON payment settings (issue 33): the watch-only account key (m/44'/195'/0') and the
// watcher's TronGrid-compatible endpoint and rules. Every change is audited; only the endpoint's host is shown.
import type { EvmKeyBody, TronSettings, TronWatcherBody } from '@/contracts/payments';
import { dec, toPlain } from '@/domain/decimal';
import { parseTronAccountKey, previewTronAddresses } from '@/domain/tron/account-key';
import { usdtSweepTrx } from '@/domain/tron/sweep-fee';
import type { Actor } from '../../../actor';
import type { Db, Queryable } from '../../../db/client';
import { invalid, notFound } from '../../../errors';
import { recordAudit } from '../../audit/audit.service';
import { listCryptoNetworks } from '../../cryptos/cryptos.service';
import { countHandedOut, findActiveKey } from '../deposit-addresses.repository';
import type { DepositAddresses } from '../deposit-addresses.service';
import { endpointErrorText } from '../endpoint-error';
import { fingerprintOf, hostOf, quietSince, removePlainKey, savePlainKey, type PlainKeyFamily } from '../settings/settings-common';
import { addressListShown } from './tron-address-list.service';
import { TronGridClient } from './tron-api';
import { deleteTronChain, findTronChain, upsertTronChain, type TronChainRow } from './tron-chains.repository';
import { TRON_GENESIS } from './tron-scanner';

/** What a TRON endpoint says of itself: its newest block and the hash of its first. */
export type TronProbe = (apiUrl: string) => Promise<{ head: bigint; genesis: string | null }>;

const probeTronGrid: TronProbe = async (apiUrl) => {
  const client = new TronGridClient(apiUrl);
  const [head, first] = await Promise.all([client.nowBlock(), client.blockAt(0n)]);
  return { head: head.number, genesis: first?.hash ?? null };
};

/** The key's first address, which the audit names it by (never the key itself). */
export function firstTronAddressOf(xpub: string): string | null {
  const parsed = parseTronAccountKey(xpub);
  return parsed.ok ? (previewTronAddresses(parsed.key, 1)[0] ?? null) : null;
}

const TRON_KEYS: PlainKeyFamily = { family: 'tron', firstAddressOf: firstTronAddressOf };

/** TRON's key (or imported address list) and watcher as the Payments page shows them. */
export async function tronSettingsShown(db: Queryable, now: Date): Promise<TronSettings> {
  const [active, watcher, cryptos, addressList] = await Promise.all([findActiveKey(db, 'tron'), findTronChain(db), listCryptoNetworks(db), addressListShown(db)]);
  // While the imported list is TRON's source, there is no key to show.
  const key = active?.xpub ? { row: active, xpub: active.xpub } : null;
  const parsed = key ? parseTronAccountKey(key.xpub) : null;
  return {
    currencies: cryptos.filter((c) => c.network === 'tron').map((c) => c.code),
    key: key && parsed?.ok ? { xpub: key.xpub, fingerprint: fingerprintOf(parsed.key.external), firstAddresses: previewTronAddresses(parsed.key), handedOut: await countHandedOut(db, key.row) } : null,
    addressList,
    watcher: watcher
      ? {
          apiHost: hostOf(watcher.apiUrl),
          fallbackHost: watcher.fallbackUrl === null ? null : hostOf(watcher.fallbackUrl),
          confirmations: watcher.confirmations,
          tolerancePercent: toPlain(dec(watcher.toleranceBps).div(100)),
          autoApproveUsd: toPlain(dec(watcher.autoApproveUsd)),
          minOrderUsd: watcher.minOrderUsd === null ? null : toPlain(dec(watcher.minOrderUsd)),
          headBlock: watcher.headBlock?.toString() ?? null,
          nextBlock: watcher.nextBlock?.toString() ?? null,
          noBlockSince: quietSince(watcher.headChangedAt, 'tron', now),
          scannedAt: watcher.scannedAt?.toISOString() ?? null,
          lastError: watcher.lastError,
          lastErrorAt: watcher.lastErrorAt?.toISOString() ?? null,
          sweepFee: sweepFeeOf(watcher),
        }
      : null,
  };
}

function sweepFeeOf(watcher: TronChainRow): NonNullable<TronSettings['watcher']>['sweepFee'] {
  const { energyPriceSun: energySun, bandwidthPriceSun: bandwidthSun, pricesAt } = watcher;
  if (energySun === null || bandwidthSun === null || pricesAt === null) return null;
  return { trx: usdtSweepTrx({ energySun, bandwidthSun }), energySun, bandwidthSun, at: pricesAt.toISOString() };
}

export class TronSettingsService {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositAddresses,
    private readonly probe: TronProbe = probeTronGrid,
  ) {}

  async setKey(actor: Actor, body: EvmKeyBody): Promise<void> {
    const parsed = parseTronAccountKey(body.xpub);
    if (!parsed.ok) throw invalid(parsed.message, { xpub: parsed.message });
    await savePlainKey(this.db, actor, TRON_KEYS, parsed.key.xpub);
    this.deposits.forget();
  }

  async removeKey(actor: Actor): Promise<void> {
    await removePlainKey(this.db, actor, TRON_KEYS);
    this.deposits.forget();
  }

  /**
   * Saves how TRON is read and judged. A new endpoint (and a new fallback) is asked for its newest
   * block and its first (it must serve TRON's main network). The first endpoint starts the watcher
   * after its head (nothing paid before counts); a later one reads on from where the last stopped,
   * so blocks mined meanwhile are not skipped.
   */
  async setWatcher(actor: Actor, body: TronWatcherBody, now = new Date()): Promise<void> {
    const apiUrl = body.apiUrl.trim();
    const fallbackUrl = body.fallbackUrl?.trim() ?? null;
    const current = await findTronChain(this.db);
    const head = current?.apiUrl === apiUrl ? null : await this.checked(apiUrl, 'apiUrl');
    const startAt = head !== null && (current?.nextBlock ?? null) === null ? head + 1n : null;
    if (fallbackUrl !== null && current?.fallbackUrl !== fallbackUrl) await this.checked(fallbackUrl, 'fallbackUrl');
    const settings = {
      apiUrl,
      fallbackUrl,
      confirmations: body.confirmations ?? 19,
      toleranceBps: Number(dec(body.tolerancePercent).times(100).toFixed(0)),
      autoApproveUsd: toPlain(dec(body.autoApproveUsd)),
      minOrderUsd: body.minOrderUsd ? toPlain(dec(body.minOrderUsd)) : null,
    };
    await this.db.transaction(async (tx) => {
      const before = await findTronChain(tx);
      await upsertTronChain(tx, settings, startAt, now);
      const shown = (c: typeof settings) => ({ apiHost: hostOf(c.apiUrl), fallbackHost: c.fallbackUrl === null ? null : hostOf(c.fallbackUrl), confirmations: c.confirmations, toleranceBps: c.toleranceBps, autoApproveUsd: toPlain(dec(c.autoApproveUsd)), minOrderUsd: c.minOrderUsd === null ? null : toPlain(dec(c.minOrderUsd)) });
      await recordAudit(tx, actor, 'payments.tron_watcher', 'chain:tron', before ? shown(before) : null, shown(settings));
    });
    this.deposits.forget();
  }

  /** The endpoint's newest block, once it answered as TRON main net's; else its refusal, at `field`. */
  private async checked(url: string, field: 'apiUrl' | 'fallbackUrl'): Promise<bigint> {
    const seen = await this.probe(url).catch((error: unknown) => {
      const message = `The endpoint did not answer as a TronGrid-compatible API: ${endpointErrorText(error, 200)}`;
      throw invalid(message, { [field]: message });
    });
    if (seen.genesis !== TRON_GENESIS) {
      const message = `This endpoint does not serve TRON's main network (its first block is ${seen.genesis === null ? 'missing' : `${seen.genesis.slice(16, 28)}…`}, not ${TRON_GENESIS.slice(16, 28)}…).`;
      throw invalid(message, { [field]: message });
    }
    return seen.head;
  }

  async removeWatcher(actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await findTronChain(tx);
      if (!before || !(await deleteTronChain(tx))) throw notFound('No watcher is set for TRON.');
      await recordAudit(tx, actor, 'payments.tron_watcher_removed', 'chain:tron', { apiHost: hostOf(before.apiUrl) }, null);
    });
    this.deposits.forget();
  }
}
