// One tick of the payment watcher on each watched Bitcoin-family chain (Bitcoin, Litecoin, Dogecoin;
// issue 13, decision 023): the scanner reads what changed on the operator's Esplora API since the
// stored cursor; each payment to a deposit address is stored
// once per (transaction, address) with its state brought up to date (in the mempool or a block:
// seen; deep enough under the order's policy: confirmed; replaced, dropped or reorganised away:
// reverted); the cursor moves only if no other scan moved it; then payments go to their orders and
// the orders paid in full are approved, exactly as on EVM chains (payment-settler).
import { GENESIS_HASHES, type UtxoChain } from '@/domain/utxo/chains';
import { judgeConfirmations } from '@/domain/utxo/confirmation-policy';
import { AUTOMATIC } from '../../../actor';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../audit/audit.service';
import { utxoPolicyOf } from './utxo-policy';
import { scanCursorSchema, type ScanCursor } from './scan-cursor';
import { UtxoScanner, type Payment } from './utxo-scanner';
import { blocksPerTick, ChainWatcher, type ChainTick } from '../chain-watcher';
import { EsploraClient, type EsploraApi } from './esplora-client';
import { settlePayments, type SettlerOrders } from '../payment-settler';
import { findAwaitedAddresses, findAwaitedAmounts, findWatchedAddresses } from '../deposit-addresses.repository';
import { findPaidOrder } from '../payments.repository';
import { addressesToPoll, countUnpolled } from './mempool-polls';
import { RequestBudget, SYSTEM_CLOCK, type BudgetClock } from './request-budget';
import { findUtxoChains, moveUtxoCursor, recordUtxoChainError, upsertUtxoPayments, type UtxoChainRow, type UtxoSighting } from './utxo-chains.repository';

/** Dogecoin, the fastest chain of the family, makes a block a minute. */
const FASTEST_UTXO_BLOCK_SECONDS = 60;

/** Blocks one scan may read at ticks `watchSeconds` apart (`blocksPerTick`): at least 10. */
export const utxoBlocksPerTick = (watchSeconds: number): number => blocksPerTick(watchSeconds, FASTEST_UTXO_BLOCK_SECONDS, 10);

export interface UtxoWatcherOptions {
  /** Builds the client for an endpoint; tests may wrap it. */
  clientFor?: (esploraUrl: string) => EsploraApi;
  maxBlocksPerTick?: number;
  /** The request budgets' time; tests drive it. */
  clock?: BudgetClock;
}

export interface UtxoTickReport extends ChainTick {
  chain: UtxoChain;
  tipHeight?: number;
  /** HTTP requests the scan made. */
  calls?: number;
  /** More blocks wait: the next tick reads on. */
  behind?: boolean;
  /** Awaited addresses polled for unconfirmed payments by this tick, and those left unpolled for 10 minutes by the budget. */
  polled?: number;
  unpolled?: number;
}

export class UtxoWatcher {
  private readonly clients = new Map<UtxoChain, { url: string; api: EsploraApi; budget: RequestBudget }>();
  /** When each awaited address was last polled (ms), per chain: the older an order, the less often (mempool-polls.ts). */
  private readonly lastPolled = new Map<UtxoChain, Map<string, number>>();
  /** When each chain's last scan started, on the budget's clock. */
  private readonly lastScan = new Map<UtxoChain, number>();
  private readonly watcher: ChainWatcher<UtxoChainRow, UtxoChain, UtxoTickReport>;

  constructor(
    private readonly db: Db,
    private readonly orders: SettlerOrders,
    private readonly options: UtxoWatcherOptions = {},
  ) {
    this.watcher = new ChainWatcher({
      findChains: () => findUtxoChains(db),
      endpointOf: (chain) => ({ key: chain.chain, url: chain.esploraUrl }),
      scan: (chain, now) => this.tickChain(chain, now),
      notScanned: (chain, tick) => ({ chain: chain.chain, ...tick }),
      recordError: (chain, message, now) => recordUtxoChainError(db, chain, message, now),
    });
  }

  /** One pass over each watched chain: a failing endpoint is recorded on its chain's row, left alone a while, and does not stop the others. */
  tick(now = new Date()): Promise<UtxoTickReport[]> {
    return this.watcher.tick(now);
  }

  /** The chain's client and its endpoint's budget, one per endpoint: a new URL starts a new budget. */
  private clientFor(chain: UtxoChainRow): { api: EsploraApi; budget: RequestBudget } {
    const known = this.clients.get(chain.chain);
    if (known?.url === chain.esploraUrl) {
      known.budget.setPerMinute(chain.requestsPerMinute);
      return known;
    }
    const api = this.options.clientFor?.(chain.esploraUrl) ?? new EsploraClient({ baseUrl: chain.esploraUrl });
    const made = { url: chain.esploraUrl, api, budget: new RequestBudget(chain.requestsPerMinute, this.options.clock) };
    this.clients.set(chain.chain, made);
    return made;
  }

  private async tickChain(chain: UtxoChainRow, now: Date): Promise<UtxoTickReport> {
    const policy = utxoPolicyOf(chain);
    const { api, budget } = this.clientFor(chain);
    // The endpoint's minute is busy: this tick leaves the chain alone (see RequestBudget.mayScan).
    if (!budget.mayScan(this.lastScan.get(chain.chain))) return { chain: chain.chain, tipHeight: chain.tipHeight ?? undefined, approved: 0, calls: 0 };
    this.lastScan.set(chain.chain, (this.options.clock ?? SYSTEM_CLOCK).now());
    const scanner = new UtxoScanner(api, policy, { maxBlocks: this.options.maxBlocksPerTick ?? 10, genesisHash: GENESIS_HASHES[chain.chain], budget });
    const [watched, awaited] = await Promise.all([findWatchedAddresses(this.db, chain.chain), findAwaitedAddresses(this.db, chain.chain)]);
    const clockNow = now.getTime();
    const lastPolled = this.polledOn(chain.chain, awaited.map((a) => a.address));
    const owners = new Map(watched.map((w) => [w.address, w.userId]));
    const stored = chain.cursor === null ? null : scanCursorSchema.safeParse(chain.cursor);
    // An unreadable cursor (never written by this code) starts afresh at the tip, as a new endpoint does.
    const previous: ScanCursor | null = stored?.success ? stored.data : null;
    const result = await scanner.scan({ addresses: watched.map((w) => w.address), mempool: addressesToPoll(awaited, lastPolled, clockNow) }, previous);
    for (const address of result.polled) lastPolled.set(address, clockNow);
    const unpolled = countUnpolled(awaited, lastPolled, clockNow);
    const polling = { polled: result.polled.length, unpolled };
    // The chain moved while it was read: nothing is taken from this scan.
    if (result.moved) return { chain: chain.chain, tipHeight: chain.tipHeight ?? undefined, approved: 0, calls: result.calls, ...polling };

    // The large-payment rule looks at the whole order a payment is for, so that several small payments
    // cannot add up past it unnoticed (decision 023).
    const orderUnits = await findAwaitedAmounts(this.db, [...new Set(result.payments.map((p) => p.address))]);
    const sightings: UtxoSighting[] = result.payments.map((p) => ({
      txHash: p.txid,
      toAddress: p.address,
      value: p.units.toString(),
      blockNumber: p.block === null ? null : BigInt(p.block.height),
      blockHash: p.block?.hash ?? null,
      state: stateOf(p, judgeConfirmations(p, policy, maxOf(p.units, orderUnits.get(p.address)))),
      userId: owners.get(p.address) ?? null,
      // The chain's instant: the block's time when found mined, else this first sighting in the mempool.
      paidAt: p.blockTime === null ? now : new Date(p.blockTime * 1000),
    }));

    const touched = await this.db
      .transaction(async (tx) => {
        if (!(await moveUtxoCursor(tx, chain.chain, chain.scannedAt, { cursor: result.cursor, tipHeight: result.tip.height, scannedAt: now, awaitingAddresses: awaited.length, unpolledAddresses: unpolled }))) throw new CursorMoved();
        const changed = await upsertUtxoPayments(tx, chain.chain, sightings, now);
        for (const payment of changed) {
          if (payment.state !== 'reverted' || payment.orderId === null) continue;
          const order = await findPaidOrder(tx, payment.orderId);
          // Credited tokens are never taken back by the server: the operator is told and decides.
          if (order?.status === 'approved') {
            await recordAudit(tx, AUTOMATIC, 'payment.reverted_after_approval', `order:${order.publicId}`, { txHash: payment.txHash, address: payment.toAddress }, { state: 'reverted' });
          }
        }
        return changed.flatMap((p) => (p.orderId === null ? [] : [p.orderId]));
      })
      .catch((error: unknown) => {
        // Another scan stored its cursor first (a slow tick elsewhere): its work stands, this one's is dropped.
        if (error instanceof CursorMoved) return null;
        throw error;
      });
    if (touched === null) return { chain: chain.chain, tipHeight: chain.tipHeight ?? undefined, approved: 0, calls: result.calls, ...polling };

    const { approved, errors } = await settlePayments(this.db, this.orders, { on: { network: chain.chain }, toleranceBps: chain.toleranceBps, autoApproveUsd: chain.autoApproveUsd }, touched, now);
    return { chain: chain.chain, tipHeight: result.tip.height, approved, calls: result.calls, behind: result.behind, ...polling, ...(errors.length ? { settleErrors: errors } : {}) };
  }

  /** When each of `awaited` was last polled on `chain`; addresses no longer awaited are forgotten. */
  private polledOn(chain: UtxoChain, awaited: readonly string[]): Map<string, number> {
    const before = this.lastPolled.get(chain) ?? new Map<string, number>();
    const kept = new Map<string, number>();
    for (const address of awaited) {
      const at = before.get(address);
      if (at !== undefined) kept.set(address, at);
    }
    this.lastPolled.set(chain, kept);
    return kept;
  }
}

class CursorMoved extends Error {}

function stateOf(payment: Payment, verdict: ReturnType<typeof judgeConfirmations>): UtxoSighting['state'] {
  if (payment.gone) return 'reverted';
  return verdict.creditable ? 'confirmed' : 'seen';
}

function maxOf(a: bigint, b: bigint | undefined): bigint {
  return b !== undefined && b > a ? b : a;
}
