// The endpoints where pasted transaction hashes are looked up (issue 13): TRON, Solana and Bitcoin.
// Every change is audited; only an endpoint's host is shown.
import type { LookupBody, PaymentSettings } from '@/contracts/payments';
import type { LookupNetwork } from '@/domain/networks';
import type { Actor } from '../../../actor';
import type { Db, Queryable } from '../../../db/client';
import { invalid, notFound } from '../../../errors';
import { recordAudit } from '../../audit/audit.service';
import { endpointErrorText } from '../endpoint-error';
import { hostOf } from '../settings/settings-common';
import { probeEsplora, refuseOtherChain } from '../utxo/esplora-probe';
import { deleteLookupEndpoint, findLookupEndpoint, findLookupEndpoints, upsertLookupEndpoint } from './lookup-endpoints.repository';
import { solanaSlot, tronHead } from './tron-solana-lookups';

/**
 * What a lookup endpoint says of itself: the height of its newest block (or slot) and, for an Esplora
 * API, the hash of its first block, which names the chain it serves.
 */
export type LookupProbe = (network: LookupNetwork, url: string) => Promise<{ head: number; genesis: string | null }>;

const probeLookupEndpoint: LookupProbe = async (network, url) => {
  switch (network) {
    case 'bitcoin':
      return probeEsplora(url);
    case 'tron':
      return { head: await tronHead(url), genesis: null };
    case 'solana':
      return { head: await solanaSlot(url), genesis: null };
  }
};

const LOOKUP_APIS: Record<LookupNetwork, string> = { bitcoin: 'an Esplora API', tron: 'a TronGrid-compatible API', solana: 'a Solana JSON-RPC endpoint' };

/** The lookup endpoints as the Payments page shows them. */
export async function lookupSettingsShown(db: Queryable): Promise<PaymentSettings['lookups']> {
  return (await findLookupEndpoints(db)).map((l) => ({ network: l.network, host: hostOf(l.url) }));
}

export class LookupSettingsService {
  constructor(
    private readonly db: Db,
    private readonly probe: LookupProbe = probeLookupEndpoint,
  ) {}

  /** Saves where a network's pasted transaction hashes are looked up, once the endpoint has answered as one. */
  async set(actor: Actor, network: LookupNetwork, body: LookupBody, now = new Date()): Promise<void> {
    const url = body.url.trim();
    const before = await findLookupEndpoint(this.db, network);
    if (before?.url !== url) {
      const seen = await this.probe(network, url).catch((error: unknown) => {
        const message = `The endpoint did not answer as ${LOOKUP_APIS[network]}: ${endpointErrorText(error, 200)}`;
        throw invalid(message, { url: message });
      });
      if (network === 'bitcoin') refuseOtherChain(seen.genesis, 'bitcoin', 'url');
    }
    await this.db.transaction(async (tx) => {
      await upsertLookupEndpoint(tx, network, url, now);
      await recordAudit(tx, actor, 'payments.lookup', `lookup:${network}`, before ? { host: hostOf(before.url) } : null, { host: hostOf(url) });
    });
  }

  async remove(actor: Actor, network: LookupNetwork): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await findLookupEndpoint(tx, network);
      if (!before || !(await deleteLookupEndpoint(tx, network))) throw notFound('No lookup endpoint is set for this network.');
      await recordAudit(tx, actor, 'payments.lookup_removed', `lookup:${network}`, { host: hostOf(before.url) }, null);
    });
  }
}
