// P5: the payment watcher on a real local chain. 10,000 watched deposit addresses, 1,000 ether payments
// over 100 blocks, the watcher ticking every second: RPC calls per scanned block, and the time from the
// block that confirms a payment to its order turning approved. In-process, on the embedded database,
// or on a fresh PostgreSQL database beside BENCH_DATABASE_URL's when that is set (created and dropped
// here, so the other probes' data does not mix in).
import { sql } from 'drizzle-orm';
import { parseEther, type Address } from 'viem';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { buildApp } from '../src/server/app';
import { AUTOMATIC } from '../src/server/actor';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { cryptos } from '../src/server/db/schema';
import { seedCryptos } from '../src/server/modules/cryptos/cryptos.repository';
import { EvmSettingsService } from '../src/server/modules/payments/evm/evm-settings.service';
import { ensureSaleSettings } from '../src/server/modules/sale/sale.repository';
import { chainClients, deployTestToken, startAnvil } from '../src/server/test/anvil';
import { startRpcProxy } from '../src/server/test/rpc-proxy';
import { createScratchDatabase } from '../src/test/scratch-database';
import { addWatchedBuyers, approvalTimes, requestsSince } from './watcher-bench';

export interface WatcherBenchResult {
  watchedAddresses: number;
  payments: number;
  blocks: number;
  approved: number;
  rpcCallsPerBlock: number;
  callsByMethod: Record<string, number>;
  approvalAfterBlockMs: { p50: number; p99: number; max: number };
  /** How long one watcher tick took (scan, store, confirm, assign, approve). */
  tickMs: { p50: number; max: number };
  target: string;
}

export async function measureWatcher(quick: boolean, databaseUrl?: string): Promise<WatcherBenchResult> {
  const watchedCount = quick ? 200 : 10_000;
  const blocks = quick ? 5 : 100;
  const perBlock = 10;
  const chain = await startAnvil(['--accounts', String(perBlock + 1)]);
  const proxy = await startRpcProxy(chain.url);
  const postgres = databaseUrl
    ? await createScratchDatabase(databaseUrl, `${new URL(databaseUrl).pathname.slice(1) || 'presale'}_p5_${String(process.pid)}`)
    : undefined;
  const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { memory: true });
  const app = await buildApp({ config: testConfig({ PAYMENT_WATCH_SECONDS: '0' }), database, webRoot: '/nonexistent' });
  try {
    await database.migrate();
    await app.ready();
    const db = database.db;
    await ensureSaleSettings(db, new Date(Date.now() - 60_000), { scheduled: true });
    await seedCryptos(db);
    await db.update(cryptos).set({ chainId: chain.chainId, rateSource: 'manual', rate: '300000', usdPrice: '3000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(sql`${cryptos.code} = 'ETH'`);
    // A token offered on the chain too, so every tick also reads Transfer logs for all watched addresses.
    const token = await deployTestToken(chain, 10n ** 12n);
    await db.update(cryptos).set({ chainId: chain.chainId, tokenContract: token.address, decimals: 6, rateSource: 'manual', rate: '100', usdPrice: '1', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', enabled: true }).where(sql`${cryptos.code} = 'USDT'`);

    // The operator's key and the chain, as the Payments page saves them (the watcher reads through the counting proxy).
    const account = HDKey.fromMasterSeed(mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow')).derive("m/44'/60'/0'");
    const settings = new EvmSettingsService(db, app.depositAddresses);
    await settings.setKey(AUTOMATIC, { xpub: account.publicExtendedKey });
    await settings.setChain(AUTOMATIC, chain.chainId, { rpcUrl: proxy.url, confirmations: 1, tolerancePercent: '0.5', autoApproveUsd: '10000' });

    // Buyers, each with a deposit address; the first ones order.
    const buying = await addWatchedBuyers(db, app.depositAddresses, watchedCount, blocks * perBlock, { network: 'evm', chainId: chain.chainId });
    const orders: { publicId: string; address: Address; payAmount: string }[] = [];
    for (const id of buying) {
      const { order } = await app.orders.create(id, { crypto: 'ETH', tokens: '300' });
      orders.push({ publicId: order.id, address: order.address as Address, payAmount: order.payAmount });
    }

    const approvedAt = new Map<string, number>();
    app.events.subscribe((e) => {
      if (e.type === 'order' && e.status === 'approved' && !approvedAt.has(e.orderId)) approvedAt.set(e.orderId, performance.now());
    });

    // The watcher ticks every second, as PAYMENT_WATCH_SECONDS=1 would run it.
    const callsBefore = new Map(proxy.calls);
    const startBlock = await chainClients(chain).public.getBlockNumber({ cacheTime: 0 });
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
    const clients = chainClients(chain);
    await clients.test.setAutomine(false);
    const minedAt = new Map<string, number>();
    for (let b = 0; b < blocks; b++) {
      const batch = orders.slice(b * perBlock, (b + 1) * perBlock);
      await Promise.all(batch.map((o, k) => clients.wallet(k + 1).sendTransaction({ to: o.address, value: parseEther(o.payAmount) })));
      await clients.test.mine({ blocks: 1 });
      const at = performance.now();
      for (const o of batch) minedAt.set(o.publicId, at);
      await new Promise((r) => setTimeout(r, 200));
    }
    const until = performance.now() + 60_000;
    while (approvedAt.size < orders.length && performance.now() < until) await new Promise((r) => setTimeout(r, 100));
    clearInterval(timer);
    while (tick.running) await new Promise((r) => setTimeout(r, 50));

    const endBlock = await clients.public.getBlockNumber({ cacheTime: 0 });
    const scanned = Number(endBlock - startBlock) || 1;
    const { total: calls, byName: callsByMethod } = requestsSince(proxy.calls, callsBefore);
    return {
      watchedAddresses: watchedCount,
      payments: orders.length,
      blocks,
      approved: approvedAt.size,
      rpcCallsPerBlock: +(calls / scanned).toFixed(2),
      callsByMethod,
      ...approvalTimes(orders, minedAt, approvedAt, tickDurations),
      target: '<= 5 RPC calls per block, p99 <= 2000 ms',
    };
  } finally {
    await app.close();
    await database.close();
    await postgres?.drop();
    await proxy.close();
    await chain.stop();
  }
}
