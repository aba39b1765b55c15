// P5, TRON line (issue 33): the TRON watcher against the TronGrid-compatible test node. 10,000 watched
// deposit addresses from an account key, 10 USDT (TRC-20) payments a block built and signed offline
// with tronweb, a block every 200 ms, the watcher ticking every second with 1 confirmation (as the EVM
// line): requests per new block (the node counts every request by path) and the time from the block
// that pays an order to the order turning approved. In-process, on the embedded database or a fresh
// PostgreSQL database beside BENCH_DATABASE_URL's, over loopback HTTP.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { AUTOMATIC } from '../src/server/actor';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { cryptos } from '../src/server/db/schema';
import { seedCryptos } from '../src/server/modules/cryptos/cryptos.repository';
import { TronSettingsService } from '../src/server/modules/payments/tron/tron-settings.service';
import { ensureSaleSettings } from '../src/server/modules/sale/sale.repository';
import { startTronNode, TronTestWallet } from '../src/server/test/tron-node';
import { createScratchDatabase } from '../src/test/scratch-database';
import { addWatchedBuyers, approvalTimes, requestsSince } from './watcher-bench';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SALE_WALLET = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

export interface TronWatcherBenchResult {
  watchedAddresses: number;
  payments: number;
  blocks: number;
  approved: number;
  /** Requests to the node per block read, all paths together, and per path. */
  requestsPerBlock: number;
  requestsByPath: Record<string, number>;
  approvalAfterBlockMs: { p50: number; p99: number; max: number };
  tickMs: { p50: number; max: number };
  target: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measureTronWatcher(quick: boolean, databaseUrl?: string): Promise<TronWatcherBenchResult> {
  const watchedCount = quick ? 200 : 10_000;
  const blocks = quick ? 5 : 100;
  const perBlock = 10;
  const node = await startTronNode({ height: 100 });
  const payer = new TronTestWallet(node);
  node.deployToken(USDT, { [payer.address]: 10n ** 15n });
  const postgres = databaseUrl ? await createScratchDatabase(databaseUrl, `${new URL(databaseUrl).pathname.slice(1) || 'presale'}_p5tron_${String(process.pid)}`) : undefined;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { memory: true });
  const app = await buildApp({ config: testConfig({ PAYMENT_WATCH_SECONDS: '0' }), database, webRoot: '/nonexistent' });
  try {
    await database.migrate();
    await app.ready();
    const db = database.db;
    await ensureSaleSettings(db, new Date(Date.now() - 60_000), { scheduled: true });
    await seedCryptos(db);
    await db.update(cryptos).set({ rateSource: 'manual', rate: '100', usdPrice: '1', address: SALE_WALLET, enabled: true }).where(eq(cryptos.code, 'USDTTRC20'));

    // The operator's key and endpoint, as the Payments page saves them.
    const account = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/195'/0'");
    const settings = new TronSettingsService(db, app.depositAddresses);
    await settings.setKey(AUTOMATIC, { xpub: account.publicExtendedKey });
    await settings.setWatcher(AUTOMATIC, { apiUrl: node.url, confirmations: 1, tolerancePercent: '0.5', autoApproveUsd: '10000' });

    // Buyers, each with a TRON deposit address; the first ones order.
    const buying = await addWatchedBuyers(db, app.depositAddresses, watchedCount, blocks * perBlock, { network: 'tron', chainId: null });
    const orders: { publicId: string; address: string; units: bigint }[] = [];
    for (const id of buying) {
      const { order } = await app.orders.create(id, { crypto: 'USDTTRC20', tokens: '1000' });
      orders.push({ publicId: order.id, address: order.address, units: BigInt(order.payAmount) * 1_000_000n });
    }
    // Signed before the clock starts (tronweb signs in about 50 ms): the payer's work is not the watcher's.
    const signed = orders.map((o) => payer.signTokenTransfer(USDT, o.address, o.units));

    const approvedAt = new Map<string, number>();
    app.events.subscribe((e) => {
      if (e.type === 'order' && e.status === 'approved' && !approvedAt.has(e.orderId)) approvedAt.set(e.orderId, performance.now());
    });

    // Catch the watcher up to the head first, so the count covers the blocks mined below. The node may
    // have closed the settings probe's kept-alive connection during the setup ("dropped the
    // connection"): that tick is tried again with its backoff skipped (a later `now`), not measured.
    for (let i = 0, failed = true; failed && i < 5; i++) failed = (await app.paymentWatch.runOnce(new Date(Date.now() + i * 3_600_000))).some((r) => r.error !== undefined);
    const callsBefore = new Map(node.calls);
    const startBlock = node.head();
    const tick = { running: false };
    const tickDurations: number[] = [];
    const timer = setInterval(() => {
      if (tick.running) return;
      tick.running = true;
      const started = performance.now();
      void app.paymentWatch.runOnce().finally(() => {
        tickDurations.push(performance.now() - started);
        tick.running = false;
      });
    }, 1000);

    // Ten payments a block, a block every 200 ms.
    const minedAt = new Map<string, number>();
    for (let b = 0; b < blocks; b++) {
      const batch = orders.slice(b * perBlock, (b + 1) * perBlock);
      for (const tx of signed.slice(b * perBlock, (b + 1) * perBlock)) payer.broadcast(tx);
      node.mine(1, Date.now());
      const at = performance.now();
      for (const o of batch) minedAt.set(o.publicId, at);
      await sleep(200);
    }
    const until = performance.now() + 60_000;
    while (approvedAt.size < orders.length && performance.now() < until) await sleep(100);
    clearInterval(timer);
    while (tick.running) await sleep(50);

    const scanned = node.head() - startBlock || 1;
    const { total: requests, byName: requestsByPath } = requestsSince(node.calls, callsBefore);
    return {
      watchedAddresses: watchedCount,
      payments: orders.length,
      blocks,
      approved: approvedAt.size,
      requestsPerBlock: +(requests / scanned).toFixed(2),
      requestsByPath,
      ...approvalTimes(orders, minedAt, approvedAt, tickDurations),
      target: 'requests per block independent of the addresses watched (1 + 1 per USDT payment); p99 <= 2000 ms',
    };
  } finally {
    await app.close();
    await database.close();
    await postgres?.drop();
    await node.close();
  }
}
