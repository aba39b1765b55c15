// The Bitcoin watcher's request budget under load (issue 35, decision 030): 5,000 orders await a
// payment, the endpoint allows 60 requests a minute, and an hour of the chain passes on the Esplora
// test server (time driven by the test). Every payment mined is found and credited, one block needs more
// requests than a minute allows and is still read in full, new orders are seen unconfirmed within a
// minute, and no minute ever carries more than 60 requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32 } from '@scure/base';
import { defaultConfirmationPolicy } from '@/domain/utxo/confirmation-policy';
import { busiestMinute, TestClock } from '../../../test/budget-clock';
import { startEsploraServer, TestWallet, type EsploraTestServer, type Utxo } from '../../../test/esplora-server';
import { EsploraClient, type EsploraApi } from './esplora-client';
import { addressesToPoll, type AwaitedAddress } from './mempool-polls';
import { RequestBudget } from './request-budget';
import type { ScanCursor } from './scan-cursor';
import { UtxoScanner } from './utxo-scanner';

const MIN = 60_000;
const AWAITING = 5_000;
const BUDGET = 60;
/** Transactions in the big block: ⌈1,606 / 25⌉ = 65 pages, more than a minute's budget. */
const FILLERS = 1_600;

/** The `i`th watched address: P2WPKH of a made-up key hash (deriving 5,000 from a key takes seconds; the scanner needs only addresses). */
const addressOf = (i: number) => bech32.encode('bc', [0, ...bech32.toWords(sha256(new TextEncoder().encode(`order ${i}`)).slice(0, 20))]);

/** Every request the scanner sends, stamped with the test's time when it is sent. */
function recorded(client: EsploraApi, clock: TestClock, sent: number[]): EsploraApi {
  const stamp = <T>(answer: Promise<T>): Promise<T> => {
    sent.push(clock.now());
    return answer;
  };
  return {
    getTipHash: () => stamp(client.getTipHash()),
    getTipHeight: () => stamp(client.getTipHeight()),
    getBlockHashAtHeight: (height) => stamp(client.getBlockHashAtHeight(height)),
    getBlock: (hash) => stamp(client.getBlock(hash)),
    getBlockTxs: (hash, start) => stamp(client.getBlockTxs(hash, start)),
    getAddressTxs: (address) => stamp(client.getAddressTxs(address)),
    getAddressChainTxs: (address, lastSeen) => stamp(client.getAddressChainTxs(address, lastSeen)),
    getAddressMempoolTxs: (address) => stamp(client.getAddressMempoolTxs(address)),
    getTx: (txid) => stamp(client.getTx(txid)),
    getTxStatus: (txid) => stamp(client.getTxStatus(txid)),
  };
}

describe('the Bitcoin watcher within a request budget', () => {
  let server: EsploraTestServer;

  beforeAll(async () => {
    server = await startEsploraServer({ height: 10 });
  });

  afterAll(async () => {
    await server.close();
  });

  it('finds every payment to 5,000 awaited addresses at 60 requests a minute, and never sends more', async () => {
    const addresses = Array.from({ length: AWAITING }, (_, i) => addressOf(i));
    const clock = new TestClock(1_800_000_000_000);
    const start = clock.now();
    // Orders placed two hours before: polled at most every 5 minutes, as the budget allows.
    const awaited = new Map<string, AwaitedAddress>(addresses.map((address) => [address, { address, since: new Date(start - 120 * MIN) }]));

    const payer = new TestWallet(server);
    // Coins for the payments, and for the filler transactions of one big block, minted before the watcher starts.
    const bank = payer.fund(BigInt(FILLERS) * 20_000n + 100n * 60_000n + 1_000_000n);
    const split = payer.send(bank, [...Array.from({ length: FILLERS }, () => ({ address: payer.address, units: 10_000n })), ...Array.from({ length: 100 }, () => ({ address: payer.address, units: 60_000n }))]);
    server.mine();
    const fillerCoins: Utxo[] = Array.from({ length: FILLERS }, (_, vout) => ({ txid: split, vout, units: 10_000n, script: bank.script }));
    const paymentCoins: Utxo[] = Array.from({ length: 100 }, (_, i) => ({ txid: split, vout: FILLERS + i, units: 60_000n, script: bank.script }));

    const sent: number[] = [];
    const budget = new RequestBudget(BUDGET, clock);
    const scanner = new UtxoScanner(recorded(new EsploraClient({ baseUrl: server.url }), clock, sent), defaultConfirmationPolicy('bitcoin'), { budget });
    const lastPolled = new Map<string, number>();
    let cursor: ScanCursor | null = null;
    const credited = new Set<string>();
    const seenUnconfirmed = new Map<string, number>();
    const paid: string[] = [];
    /** New orders' payments: when each was broadcast. */
    const fresh = new Map<string, number>();
    let mostCalls = 0;
    let next = 0;

    const pay = (address: string) => {
      const coin = paymentCoins.pop();
      if (!coin) throw new Error('out of coins');
      const txid = payer.send(coin, [{ address, units: 50_000n }]);
      paid.push(txid);
      return txid;
    };
    const events: { at: number; run: () => void }[] = [];
    for (const [i, minute] of [10, 20, 30, 40, 50].entries()) {
      events.push({
        at: minute - 8,
        run: () => {
          // Ten new orders, each paid at once; five payments to orders placed long ago.
          for (let k = 0; k < 10; k++) {
            const address = addresses[(i * 10 + k) * 37] ?? '';
            awaited.set(address, { address, since: new Date(clock.now()) });
            fresh.set(pay(address), clock.now());
          }
          for (let k = 0; k < 5; k++) pay(addresses[4_999 - i * 5 - k] ?? '');
        },
      });
      events.push({ at: minute, run: () => void server.mine() });
    }
    events.push({ at: 28, run: () => fillerCoins.forEach((coin) => payer.send(coin, [{ address: payer.address, units: 9_000n }])) });
    events.push({ at: 55, run: () => void server.mine() });
    events.sort((a, b) => a.at - b.at);

    while (clock.now() < start + 60 * MIN) {
      let ran = false;
      while (events[0] && start + events[0].at * MIN <= clock.now()) {
        events.shift()?.run();
        ran = true;
      }
      // Signing thousands of transactions holds the event loop for seconds: let the test server close
      // the connections it timed out meanwhile before the client reuses one (a reset, not a fault).
      if (ran) await new Promise((resolve) => setTimeout(resolve, 100));
      const now = clock.now();
      const plan = addressesToPoll([...awaited.values()], lastPolled, now);
      const result = await scanner.scan({ addresses, mempool: plan }, cursor);
      cursor = result.cursor;
      for (const address of result.polled) lastPolled.set(address, now);
      mostCalls = Math.max(mostCalls, result.calls);
      for (const p of result.payments) {
        if (p.confirmations === 0 && !seenUnconfirmed.has(p.txid)) seenUnconfirmed.set(p.txid, clock.now());
        if (p.verdict.creditable) credited.add(p.txid);
      }
      // A tick every 15 s, or at once when a scan waited past its turn.
      next = Math.max(now + 15_000, clock.now());
      clock.at = next;
    }

    expect(paid).toHaveLength(75);
    expect(paid.filter((txid) => !credited.has(txid))).toEqual([]);
    expect(busiestMinute(sent)).toBeLessThanOrEqual(BUDGET);
    // The big block alone took more requests than a minute allows: it was read across minutes.
    expect(mostCalls).toBeGreaterThan(BUDGET);
    // New orders are polled first: each payment was seen unconfirmed within a minute of being sent.
    for (const [txid, at] of fresh) expect((seenUnconfirmed.get(txid) ?? Number.POSITIVE_INFINITY) - at).toBeLessThanOrEqual(MIN);
  }, 120_000);
});
