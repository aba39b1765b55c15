// One tick of the payment watcher on TRON (issue 33, decision 037), shaped as the EVM watcher: read new
// blocks for TRX and TRC-20 payments to deposit addresses, store them once, move the cursor, confirm
// what is deep enough (19 blocks: solidified), hand each payment to its order, and approve the orders
// paid in full within the operator's limits (payment-settler, actor "Automatic").
import { AUTOMATIC } from '../../../actor';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../audit/audit.service';
import { readRecentBlocks } from '../chain-cursor.repository';
import { blocksPerTick, ChainWatcher, type ChainTick } from '../chain-watcher';
import { findWatchedAddresses } from '../deposit-addresses.repository';
import { settlePayments, type SettlerOrders } from '../payment-settler';
import { watchedTokenContracts } from '../watched-tokens';
import { confirmPaymentsUpTo, findPaidOrder, insertPayments, revertPaymentsFrom } from '../payments.repository';
import { TronGridClient, withFallback, type TronApi } from './tron-api';
import { findTronChain, moveTronCursor, recordTronChainError, recordTronPrices, type TronChainRow } from './tron-chains.repository';
import { TRON_BLOCK_SECONDS, TronScanner, type TronCursor, type TronScannerOptions } from './tron-scanner';

/** Blocks one scan may read at ticks `watchSeconds` apart (`blocksPerTick`): at least 20. */
export const tronBlocksPerTick = (watchSeconds: number): number => blocksPerTick(watchSeconds, TRON_BLOCK_SECONDS, 20);

export interface TronWatcherOptions {
  /** Builds the client for an endpoint; tests may wrap it. */
  clientFor?: (apiUrl: string) => TronApi;
  scanner?: Partial<TronScannerOptions>;
}

export interface TronTickReport extends ChainTick {
  chain: 'tron';
  scannedTo?: bigint;
  calls?: number;
}

const ON_TRON = { network: 'tron' } as const;

const PRICES_EVERY_MS = 60 * 60_000;

export class TronWatcher {
  private client: { urls: string; api: TronApi; scanner: TronScanner } | null = null;
  private readonly watcher: ChainWatcher<TronChainRow, 'tron', TronTickReport>;

  constructor(
    private readonly db: Db,
    private readonly orders: SettlerOrders,
    private readonly options: TronWatcherOptions = {},
  ) {
    this.watcher = new ChainWatcher({
      findChains: async () => {
        const row = await findTronChain(db);
        return row ? [row] : [];
      },
      endpointOf: (chain) => ({ key: 'tron', url: urlsOf(chain) }),
      scan: (chain, now) => this.tickChain(chain, now),
      notScanned: (_chain, tick) => ({ chain: 'tron', ...tick }),
      recordError: (_key, message, now) => recordTronChainError(db, message, now),
    });
  }

  tick(now = new Date()): Promise<TronTickReport[]> {
    return this.watcher.tick(now);
  }

  /** The scanner of the chain's endpoints: the first, falling back to the second, which also confirms each paying block. */
  private clientOf(chain: TronChainRow): { api: TronApi; scanner: TronScanner } {
    if (this.client?.urls !== urlsOf(chain)) {
      const clientFor = (url: string) => this.options.clientFor?.(url) ?? new TronGridClient(url);
      const primary = clientFor(chain.apiUrl);
      const fallback = chain.fallbackUrl === null ? null : clientFor(chain.fallbackUrl);
      const api = fallback ? withFallback(primary, fallback) : primary;
      this.client = { urls: urlsOf(chain), api, scanner: new TronScanner(api, this.options.scanner, fallback) };
    }
    return this.client;
  }

  private async tickChain(chain: TronChainRow, now: Date): Promise<TronTickReport> {
    const { api, scanner } = this.clientOf(chain);
    const [watched, tokens] = await Promise.all([findWatchedAddresses(this.db, 'tron'), watchedTokenContracts(this.db, ON_TRON)]);
    const owners = new Map(watched.map((w) => [w.address, w.userId]));
    // Saving the endpoint sets where reading starts; a row without a cursor (written by hand) starts at the next block.
    const cursor: TronCursor = { next: chain.nextBlock ?? (chain.headBlock ?? -1n) + 1n, recent: readRecentBlocks(chain.recentBlocks) };
    const result = await scanner.scan(cursor, { addresses: new Set(owners.keys()), tokens: new Set(tokens) });
    await this.db
      .transaction(async (tx) => {
        if (result.reorgFrom !== undefined) {
          for (const payment of await revertPaymentsFrom(tx, ON_TRON, result.reorgFrom, now)) {
            if (payment.orderId === null) continue;
            const order = await findPaidOrder(tx, payment.orderId);
            // Credited tokens are never taken back by the server: the operator is told and decides.
            if (order?.status === 'approved') {
              await recordAudit(tx, AUTOMATIC, 'payment.reverted_after_approval', `order:${order.publicId}`, { txHash: payment.txHash, block: String(payment.blockNumber) }, { state: 'reverted' });
            }
          }
        }
        await insertPayments(
          tx,
          result.deposits.map((d) => ({
            network: 'tron' as const,
            chainId: null,
            txHash: d.txid,
            logIndex: d.logIndex,
            tokenContract: d.contract,
            fromAddress: d.from,
            toAddress: d.to,
            value: d.units.toString(),
            blockNumber: d.blockNumber,
            blockHash: d.blockHash,
            paidAt: d.blockTime,
            userId: owners.get(d.to) ?? null,
          })),
          now,
        );
        const moved = await moveTronCursor(tx, chain.nextBlock, {
          nextBlock: result.cursor.next,
          recentBlocks: result.cursor.recent.map((b) => ({ number: b.number.toString(), hash: b.hash })),
          headBlock: result.head,
          scannedAt: now,
        });
        // Another scan moved it first (a slow tick elsewhere): its work stands, this one's is dropped.
        if (!moved) throw new CursorMoved();
      })
      .catch((error: unknown) => {
        if (!(error instanceof CursorMoved)) throw error;
      });
    const confirmed = await confirmPaymentsUpTo(this.db, ON_TRON, result.head - BigInt(chain.confirmations) + 1n, now);
    const { approved, errors } = await settlePayments(this.db, this.orders, { on: ON_TRON, toleranceBps: chain.toleranceBps, autoApproveUsd: chain.autoApproveUsd }, confirmed.flatMap((p) => (p.orderId === null ? [] : [p.orderId])), now);
    // The fee estimate's prices change by the chain's governance, rarely: read at most hourly. An
    // endpoint that does not serve them (a proxy that passes blocks only) leaves the estimate out,
    // and must not hold the payments back: its failure is not the scan's.
    if (!chain.pricesAt || now.getTime() - chain.pricesAt.getTime() >= PRICES_EVERY_MS) {
      const prices = await api.prices().catch(() => null);
      if (prices) await recordTronPrices(this.db, prices, now);
    }
    return { chain: 'tron', scannedTo: result.cursor.next - 1n, approved, calls: result.calls, ...(errors.length ? { settleErrors: errors } : {}) };
  }
}

class CursorMoved extends Error {}

/** Both endpoints, as one key: a change to either starts afresh (a new client, no back-off). */
const urlsOf = (chain: TronChainRow) => `${chain.apiUrl} ${chain.fallbackUrl ?? ''}`;
