// The operator's Bitcoin-family payment settings, per chain: the watch-only account key (zpub, ypub or
// xpub with its address type) and the watcher's Esplora endpoint and rules. Every change is audited;
// only an endpoint's host is shown.
import { DEFAULT_REQUESTS_PER_MINUTE, type PaymentSettings, type UtxoChainSettings, type UtxoKeyBody, type UtxoWatcherBody } from '@/contracts/payments';
import { dec, toPlain } from '@/domain/decimal';
import { keyPrefixesOf, parseUtxoAccountKey, previewUtxoAddresses } from '@/domain/utxo/account-key';
import { formatCoins, parseCoins } from '@/domain/utxo/amount';
import { CHAINS, SCRIPT_TYPES, UTXO_CHAINS, type UtxoChain } from '@/domain/utxo/chains';
import { defaultConfirmationPolicy } from '@/domain/utxo/confirmation-policy';
import type { Actor } from '../../../actor';
import type { Db, Queryable } from '../../../db/client';
import { invalid, notFound } from '../../../errors';
import { recordAudit } from '../../audit/audit.service';
import { listCryptoNetworks } from '../../cryptos/cryptos.service';
import { countGap, deactivateKey, findActiveKey, lockActiveKey, replaceActiveKey, xpubOf, type AccountKeyRow } from '../deposit-addresses.repository';
import type { DepositAddresses } from '../deposit-addresses.service';
import { endpointErrorText } from '../endpoint-error';
import { fingerprintOf, hostOf, quietSince, refuseWhileOrdersOpen } from '../settings/settings-common';
import { probeEsplora, refuseOtherChain, type EsploraProbe } from './esplora-probe';
import { deleteUtxoChain, findUtxoChain, findUtxoChains, upsertUtxoChain, type UtxoChainRow } from './utxo-chains.repository';

/** Every Bitcoin-family chain as the Payments page shows it: its key, its watcher and its currencies. */
export async function utxoSettingsShown(db: Queryable, now: Date): Promise<PaymentSettings['utxoChains']> {
  const [watchers, cryptos] = await Promise.all([findUtxoChains(db), listCryptoNetworks(db)]);
  return Promise.all(
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
}

async function utxoChainShown(db: Queryable, chain: UtxoChain, key: AccountKeyRow | undefined, watcher: UtxoChainRow | undefined, currencies: string[], now: Date): Promise<UtxoChainSettings> {
  const params = CHAINS[chain];
  const policy = defaultConfirmationPolicy(chain, 0n);
  const parsed = key ? parseUtxoAccountKey(chain, xpubOf(key), { scriptType: key.scriptType ?? undefined }) : null;
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
        ? { xpub: xpubOf(key), fingerprint: fingerprintOf(parsed.key.external), scriptType: parsed.key.scriptType, firstAddresses: previewUtxoAddresses(parsed.key), handedOut: key.nextIndex, gap: await countGap(db, key) }
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
          requestsPerMinute: watcher.requestsPerMinute,
          awaitingAddresses: watcher.awaitingAddresses,
          unpolledAddresses: watcher.unpolledAddresses,
        }
      : null,
  };
}

export class UtxoSettingsService {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositAddresses,
    private readonly probe: EsploraProbe = probeEsplora,
  ) {}

  /** Saves a chain's account key; refused while orders are open on addresses of the key it replaces, like the EVM key. */
  async setKey(actor: Actor, chain: UtxoChain, body: UtxoKeyBody): Promise<void> {
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
      if (current) await refuseWhileOrdersOpen(tx, current, 'replaced');
      await replaceActiveKey(tx, chain, key.text, key.scriptType);
      await recordAudit(tx, actor, 'payments.utxo_key', `payments:${chain}`, current ? { firstAddress: firstUtxoAddressOf(current), scriptType: current.scriptType } : null, {
        firstAddress: previewUtxoAddresses(key, 1)[0],
        scriptType: key.scriptType,
      });
    });
    this.deposits.forget();
  }

  async removeKey(actor: Actor, chain: UtxoChain): Promise<void> {
    await this.db.transaction(async (tx) => {
      const current = await lockActiveKey(tx, chain);
      if (!current) return;
      await refuseWhileOrdersOpen(tx, current, 'removed');
      await deactivateKey(tx, chain);
      await recordAudit(tx, actor, 'payments.utxo_key_removed', `payments:${chain}`, { firstAddress: firstUtxoAddressOf(current), scriptType: current.scriptType }, null);
    });
    this.deposits.forget();
  }

  /**
   * Saves how a chain is read and judged. A new endpoint is asked for its tip and its first block
   * first (it must answer as an Esplora API of this chain's main network). The first endpoint starts
   * the watcher at the tip (nothing paid before counts); a later one reads on from where the last
   * stopped, so payments it was following and blocks mined meanwhile are not lost (an operator
   * changes endpoint mostly when one fails).
   */
  async setWatcher(actor: Actor, chain: UtxoChain, body: UtxoWatcherBody, now = new Date()): Promise<void> {
    if (body.largeAbove !== null && body.largeConfirmations < body.confirmations) {
      const message = 'Large payments cannot need fewer confirmations than others.';
      throw invalid(message, { largeConfirmations: message });
    }
    const url = body.esploraUrl.trim();
    const current = await findUtxoChain(this.db, chain);
    const newEndpoint = current?.esploraUrl !== url;
    if (newEndpoint) {
      const seen = await this.probe(url).catch((error: unknown) => {
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
      requestsPerMinute: body.requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE,
    };
    await this.db.transaction(async (tx) => {
      const before = await findUtxoChain(tx, chain);
      await upsertUtxoChain(tx, chain, settings, now);
      const shown = (c: typeof settings) => ({ esploraHost: hostOf(c.esploraUrl), confirmations: c.confirmations, largeAboveUnits: c.largeAboveUnits, largeConfirmations: c.largeConfirmations, toleranceBps: c.toleranceBps, autoApproveUsd: toPlain(dec(c.autoApproveUsd)), requestsPerMinute: c.requestsPerMinute });
      await recordAudit(tx, actor, 'payments.utxo_watcher', `chain:${chain}`, before ? shown(before) : null, shown(settings));
    });
    this.deposits.forget();
  }

  async removeWatcher(actor: Actor, chain: UtxoChain): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await findUtxoChain(tx, chain);
      if (!before || !(await deleteUtxoChain(tx, chain))) throw notFound(`No watcher is set for ${CHAINS[chain].name}.`);
      await recordAudit(tx, actor, 'payments.utxo_watcher_removed', `chain:${chain}`, { esploraHost: hostOf(before.esploraUrl) }, null);
    });
    this.deposits.forget();
  }
}

function firstUtxoAddressOf(key: AccountKeyRow): string | null {
  if (key.family === 'evm' || key.family === 'tron') return null;
  const parsed = parseUtxoAccountKey(key.family, xpubOf(key), { scriptType: key.scriptType ?? undefined });
  return parsed.ok ? (previewUtxoAddresses(parsed.key, 1)[0] ?? null) : null;
}
