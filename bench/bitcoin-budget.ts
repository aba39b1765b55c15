// P5, Bitcoin requests per minute (issue 35, decision 030): what the Bitcoin watcher asks of its Esplora
// endpoint with 100, 1,000 and 5,000 orders awaiting a payment, as main did (every awaited address polled
// on every scan, no cap) and within the request budget (60 a minute; new orders polled first, older
// ones every tenth of their age, at most every 5 minutes, as the budget allows). Time is simulated: a
// scan every 15 s, a block every 10 minutes with 20 payments (10 to new orders, 10 to old ones); the
// requests go over loopback HTTP to the Esplora-compatible test server. Run alone:
// `node --import tsx bench/bitcoin-budget.ts [--quick]`.
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';
import { defaultConfirmationPolicy } from '../src/domain/utxo/confirmation-policy';
import { addressesToPoll, countUnpolled, type AwaitedAddress } from '../src/server/modules/payments/utxo/mempool-polls';
import { RequestBudget } from '../src/server/modules/payments/utxo/request-budget';
import type { ScanCursor } from '../src/server/modules/payments/utxo/scan-cursor';
import { UtxoScanner } from '../src/server/modules/payments/utxo/utxo-scanner';
import { EsploraClient, type EsploraApi } from '../src/server/modules/payments/utxo/esplora-client';
import { busiestMinute, TestClock } from '../src/server/test/budget-clock';
import { startEsploraServer, TestWallet, type Utxo } from '../src/server/test/esplora-server';

const MIN = 60_000;
const TICK_MS = 15_000;
const BUDGET = 60;

export interface BudgetRun {
  awaiting: number;
  mode: 'main (no cap)' | `budget ${number}/min`;
  minutes: number;
  requestsPerMinute: { mean: number; busiest: number };
  /** Payments mined in the run, and those the scans reported in their blocks. */
  mined: number;
  foundMined: number;
  /** New orders' payments seen unconfirmed, and the longest from being sent to being seen. */
  newSeenUnconfirmed: number;
  newSeenWithinMs: number;
  /** Awaited addresses not polled (nor ordered) within the last 10 minutes, at the end. */
  unpolledAtEnd: number;
}

/** The `i`th awaited address: P2WPKH of a made-up key hash (the scanner needs only addresses). */
const addressOf = (i: number) => bech32.encode('bc', [0, ...bech32.toWords(sha256(new TextEncoder().encode(`order ${i}`)).slice(0, 20))]);

function stamped(client: EsploraApi, clock: TestClock, sent: number[]): EsploraApi {
  const s = <T>(answer: Promise<T>): Promise<T> => {
    sent.push(clock.now());
    return answer;
  };
  return {
    getTipHash: () => s(client.getTipHash()),
    getTipHeight: () => s(client.getTipHeight()),
    getBlockHashAtHeight: (h) => s(client.getBlockHashAtHeight(h)),
    getBlock: (h) => s(client.getBlock(h)),
    getBlockTxs: (h, start) => s(client.getBlockTxs(h, start)),
    getAddressTxs: (a) => s(client.getAddressTxs(a)),
    getAddressChainTxs: (a, last) => s(client.getAddressChainTxs(a, last)),
    getAddressMempoolTxs: (a) => s(client.getAddressMempoolTxs(a)),
    getTx: (t) => s(client.getTx(t)),
    getTxStatus: (t) => s(client.getTxStatus(t)),
  };
}

async function run(awaitingCount: number, budgeted: boolean, minutes: number): Promise<BudgetRun> {
  const server = await startEsploraServer({ height: 10 });
  try {
    const addresses = Array.from({ length: awaitingCount }, (_, i) => addressOf(i));
    const clock = new TestClock(1_800_000_000_000);
    const start = clock.now();
    const awaited = new Map<string, AwaitedAddress>(addresses.map((address) => [address, { address, since: new Date(start - 120 * MIN) }]));
    const payer = new TestWallet(server);
    const blocks = Math.floor(minutes / 10);
    const bank = payer.fund(BigInt(blocks * 20) * 60_000n + 1_000_000n);
    const split = payer.send(bank, Array.from({ length: blocks * 20 }, () => ({ address: payer.address, units: 60_000n })));
    server.mine();
    const coins: Utxo[] = Array.from({ length: blocks * 20 }, (_, vout) => ({ txid: split, vout, units: 60_000n, script: bank.script }));

    const sent: number[] = [];
    const budget = budgeted ? new RequestBudget(BUDGET, clock) : undefined;
    const scanner = new UtxoScanner(stamped(new EsploraClient({ baseUrl: server.url }), clock, sent), defaultConfirmationPolicy('bitcoin'), budget ? { budget } : {});
    const lastPolled = new Map<string, number>();
    let lastScan: number | undefined;
    let cursor: ScanCursor | null = null;
    const mined: string[] = [];
    const foundMined = new Set<string>();
    const fresh = new Map<string, number>();
    const seenAt = new Map<string, number>();
    let block = 0;
    let paidBefore = -1;

    while (clock.now() < start + minutes * MIN) {
      const minute = (clock.now() - start) / MIN;
      // Payments 8 minutes before each block, mined at the block (every 10 minutes, ending 1 minute early).
      const due = Math.floor((minute + 8) / 10);
      if (due > paidBefore && due >= 1 && due <= blocks) {
        paidBefore = due;
        for (let k = 0; k < 20; k++) {
          const coin = coins.pop();
          if (!coin) break;
          const address = addresses[((due * 20 + k) * 37) % awaitingCount] ?? '';
          if (k < 10) awaited.set(address, { address, since: new Date(clock.now()) });
          const txid = payer.send(coin, [{ address, units: 50_000n }]);
          mined.push(txid);
          if (k < 10) fresh.set(txid, clock.now());
        }
      }
      if (Math.floor(minute / 10) > block && block < blocks) {
        block++;
        server.mine();
      }
      const now = clock.now();
      if (!budget || budget.mayScan(lastScan)) {
        lastScan = now;
        const mempool = budget ? addressesToPoll([...awaited.values()], lastPolled, now) : [...awaited.keys()];
        const result = await scanner.scan({ addresses, mempool }, cursor);
        cursor = result.cursor;
        for (const address of result.polled) lastPolled.set(address, now);
        for (const p of result.payments) {
          if (p.confirmations === 0 && !seenAt.has(p.txid)) seenAt.set(p.txid, clock.now());
          if (p.confirmations >= 1) foundMined.add(p.txid);
        }
      }
      clock.at = Math.max(now + TICK_MS, clock.now());
    }
    const seen = [...fresh].filter(([txid]) => seenAt.has(txid));
    return {
      awaiting: awaitingCount,
      mode: budgeted ? `budget ${BUDGET}/min` : 'main (no cap)',
      minutes,
      requestsPerMinute: { mean: Math.round(sent.length / minutes), busiest: busiestMinute(sent) },
      mined: mined.length,
      foundMined: mined.filter((txid) => foundMined.has(txid)).length,
      newSeenUnconfirmed: seen.length,
      newSeenWithinMs: Math.max(0, ...seen.map(([txid, at]) => (seenAt.get(txid) ?? at) - at)),
      unpolledAtEnd: countUnpolled([...awaited.values()], lastPolled, clock.now()),
    };
  } finally {
    await server.close();
  }
}

/**
 * Requests per minute at 100, 1,000 and 5,000 awaited addresses, main's way and within the budget.
 * Main's way is measured over 21 minutes at 100 and 1,000, and over 11 minutes (one block) at 5,000:
 * it polls every address on every scan, so its figure per minute does not depend on the run's length.
 */
export async function measureBitcoinBudget(quick: boolean): Promise<BudgetRun[]> {
  const sizes = quick ? [100] : [100, 1_000, 5_000];
  const runs: BudgetRun[] = [];
  for (const n of sizes) {
    runs.push(await run(n, false, quick ? 11 : n >= 5_000 ? 11 : 21));
    runs.push(await run(n, true, quick ? 11 : 31));
  }
  return runs;
}

export function describeBudgetRun(r: BudgetRun): string {
  return `${String(r.awaiting).padStart(5)} awaiting, ${r.mode.padEnd(14)} ${r.requestsPerMinute.mean} req/min (busiest minute ${r.requestsPerMinute.busiest}) over ${r.minutes} min; ${r.foundMined}/${r.mined} mined payments found; new orders seen unconfirmed ${r.newSeenUnconfirmed}, within ${Math.round(r.newSeenWithinMs / 1000)} s; unpolled for 10 min at the end: ${r.unpolledAtEnd}`;
}

if (import.meta.filename === process.argv[1]) {
  const quick = process.argv.includes('--quick');
  measureBitcoinBudget(quick).then(
    (runs) => {
      for (const r of runs) console.log(describeBudgetRun(r));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
