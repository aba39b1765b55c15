// One tick of the payment watcher on each EVM chain with an endpoint: read new blocks for transfers to
// deposit addresses, store them once, move the cursor, confirm what is deep enough, hand each payment
// to its order, and approve the orders paid in full within the operator's limits through the same
// exactly-once approval an operator uses (actor "Automatic").
import { createPublicClient, http, type Address } from 'viem';
import { AUTOMATIC } from '../../../actor';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../audit/audit.service';
import { readRecentBlocks } from '../chain-cursor.repository';
import { blocksPerTick, ChainWatcher, type ChainTick } from '../chain-watcher';
import { EvmScanner, type ScanCursor, type ScannerClient } from './evm-scanner';
import { settlePayments, type Settled, type SettlerOrders } from '../payment-settler';
import { watchedTokenContracts } from '../watched-tokens';
import { findWatchedAddresses } from '../deposit-addresses.repository';
import { confirmPaymentsUpTo, findPaidOrder, insertPayments, revertPaymentsFrom } from '../payments.repository';
import { findEvmChains, moveEvmCursor, recordEvmChainError, type EvmChainRow } from './evm-chains.repository';

/** The fastest EVM chains an operator may add make four blocks a second (Arbitrum One). */
const FASTEST_EVM_BLOCK_SECONDS = 0.25;

/** Blocks one scan may read at ticks `watchSeconds` apart (`blocksPerTick`): at least 100. */
export const evmBlocksPerTick = (watchSeconds: number): number => blocksPerTick(watchSeconds, FASTEST_EVM_BLOCK_SECONDS, 100);

export interface WatcherOptions {
  /** Builds the client for an endpoint; tests may wrap it. */
  clientFor?: (rpcUrl: string) => ScannerClient;
  maxBlocksPerTick?: number;
}

export interface TickReport extends ChainTick {
  chainId: number;
  scannedTo?: bigint;
}

export class EvmWatcher {
  private readonly scanners = new Map<number, { rpcUrl: string; client: ScannerClient; scanner: EvmScanner }>();
  private readonly watcher: ChainWatcher<EvmChainRow, number, TickReport>;

  constructor(
    private readonly db: Db,
    private readonly orders: SettlerOrders,
    private readonly options: WatcherOptions = {},
  ) {
    this.watcher = new ChainWatcher({
      findChains: () => findEvmChains(db),
      endpointOf: (chain) => ({ key: chain.chainId, url: chain.rpcUrl }),
      scan: (chain, now) => this.tickChain(chain, now),
      notScanned: (chain, tick) => ({ chainId: chain.chainId, ...tick }),
      recordError: (chainId, message, now) => recordEvmChainError(db, chainId, message, now),
    });
  }

  /** One pass over every chain; a failing endpoint is recorded on its chain and does not stop the others. */
  tick(now = new Date()): Promise<TickReport[]> {
    return this.watcher.tick(now);
  }

  private clientOf(chain: EvmChainRow): { client: ScannerClient; scanner: EvmScanner } {
    const known = this.scanners.get(chain.chainId);
    if (known?.rpcUrl === chain.rpcUrl) return known;
    const client = this.options.clientFor?.(chain.rpcUrl) ?? createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1, timeout: 10_000 }) });
    const entry = { rpcUrl: chain.rpcUrl, client, scanner: new EvmScanner(client, { maxBlocks: this.options.maxBlocksPerTick ?? 100, chainId: chain.chainId }) };
    this.scanners.set(chain.chainId, entry);
    return entry;
  }

  private async tickChain(chain: EvmChainRow, now: Date): Promise<TickReport> {
    const { client, scanner } = this.clientOf(chain);
    const [watched, tokens] = await Promise.all([findWatchedAddresses(this.db, 'evm'), watchedTokenContracts(this.db, { network: 'evm', chainId: chain.chainId })]);
    const owners = new Map(watched.map((w) => [w.address, w.userId]));
    // Saving the endpoint sets where reading starts (after the head then); a chain without a cursor starts after today's head.
    const cursor: ScanCursor =
      chain.nextBlock === null
        ? { next: (await client.getBlockNumber({ cacheTime: 0 })) + 1n, recent: [] }
        : { next: chain.nextBlock, recent: readRecentBlocks(chain.recentBlocks) as ScanCursor['recent'] };
    const result = await scanner.scan(cursor, { addresses: watched.map((w) => w.address as Address), tokens: tokens as Address[] });

    await this.db.transaction(async (tx) => {
      if (result.reorgFrom !== undefined) {
        const reverted = await revertPaymentsFrom(tx, { network: 'evm', chainId: chain.chainId }, result.reorgFrom, now);
        for (const payment of reverted) {
          if (payment.orderId === null) continue;
          // Read in this transaction: on the embedded database a read beside it would wait for it.
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
          chainId: chain.chainId,
          txHash: d.txHash.toLowerCase(),
          logIndex: d.logIndex,
          tokenContract: d.token?.toLowerCase() ?? null,
          fromAddress: d.from.toLowerCase(),
          toAddress: d.to.toLowerCase(),
          value: d.value.toString(),
          blockNumber: d.blockNumber,
          blockHash: d.blockHash,
          paidAt: d.blockTime,
          userId: owners.get(d.to.toLowerCase()) ?? null,
        })),
        now,
      );
      const moved = await moveEvmCursor(tx, chain.chainId, chain.nextBlock, {
        nextBlock: result.cursor.next,
        recentBlocks: result.cursor.recent.map((b) => ({ number: b.number.toString(), hash: b.hash })),
        headBlock: result.head,
        scannedAt: now,
      });
      // Another scan moved it first (a slow tick elsewhere): its work stands, this one's is dropped.
      if (!moved) throw new CursorMoved();
    }).catch((error: unknown) => {
      if (!(error instanceof CursorMoved)) throw error;
    });

    const confirmedHeight = chain.confirmations === null ? await finalizedHeight(client) : result.head - BigInt(chain.confirmations) + 1n;
    const confirmed = await confirmPaymentsUpTo(this.db, { network: 'evm', chainId: chain.chainId }, confirmedHeight, now);
    const { approved, errors } = await this.settle(chain, confirmed.flatMap((p) => (p.orderId === null ? [] : [p.orderId])), now);
    return { chainId: chain.chainId, scannedTo: result.cursor.next - 1n, approved, ...(errors.length ? { settleErrors: errors } : {}) };
  }

  private settle(chain: EvmChainRow, confirmedOrders: number[], now: Date): Promise<Settled> {
    return settlePayments(this.db, this.orders, { on: { network: 'evm', chainId: chain.chainId }, toleranceBps: chain.toleranceBps, autoApproveUsd: chain.autoApproveUsd }, confirmedOrders, now);
  }
}

class CursorMoved extends Error {}

async function finalizedHeight(client: ScannerClient): Promise<bigint> {
  const block = await client.getBlock({ blockTag: 'finalized' });
  return block.number;
}
