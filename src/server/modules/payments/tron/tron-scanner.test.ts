// The TRON scanner against the TronGrid-compatible test node, fed with transactions built and signed
// offline with tronweb: what counts as a payment (TRX, the offered TRC-20's successful transfers) and
// what does not (a reverted call, a look-alike token, another address), and a provider that fails.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTronNode, TronTestWallet, type TronTestNode } from '../../../test/tron-node';
import { TronGridClient, withFallback } from './tron-api';
import { TronScanner, type TronCursor, type TronScanResult } from './tron-scanner';
import { tronBlocksPerTick } from './tron-watcher.service';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Another contract whose token calls itself USDT: its transfers are worth nothing here. */
const LOOK_ALIKE = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const DEPOSIT = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const OTHER = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';

describe('TRON scanner', () => {
  let node: TronTestNode;
  let payer: TronTestWallet;
  const watch = { addresses: new Set([DEPOSIT]), tokens: new Set([USDT]) };
  const scannerOn = (url: string) => new TronScanner(new TronGridClient(url, 500));

  beforeEach(async () => {
    node = await startTronNode({ height: 5 });
    payer = new TronTestWallet(node);
    node.deployToken(USDT, { [payer.address]: 1_000_000_000n });
    node.deployToken(LOOK_ALIKE, { [payer.address]: 1_000_000_000n });
  });

  afterEach(async () => {
    await node.close();
  });

  /** Scans until the cursor reaches the head, as ticks would. */
  async function scanAll(scanner: TronScanner, from: TronCursor): Promise<{ cursor: TronCursor; results: TronScanResult[] }> {
    const results: TronScanResult[] = [];
    let cursor = from;
    while (cursor.next <= BigInt(node.head())) {
      const result = await scanner.scan(cursor, watch);
      results.push(result);
      cursor = result.cursor;
    }
    return { cursor, results };
  }

  it('keeps up with the chain however long the watcher waits between ticks, one scan a tick', async () => {
    // Ticks two minutes apart: the chain makes 40 blocks between them, and a deposit in the middle of the third batch.
    const scanner = new TronScanner(new TronGridClient(node.url, 500), { maxBlocks: tronBlocksPerTick(120) });
    let cursor: TronCursor = { next: BigInt(node.head()) + 1n, recent: [] };
    const deposits = [];
    for (let tick = 1; tick <= 5; tick++) {
      node.mine(20);
      if (tick === 3) payer.sendTrx(DEPOSIT, 1_000_000n);
      node.mine(20);
      const result = await scanner.scan(cursor, watch);
      deposits.push(...result.deposits);
      cursor = result.cursor;
      expect(cursor.next).toBe(BigInt(node.head()) + 1n);
    }
    expect(deposits.map((d) => d.units)).toEqual([1_000_000n]);
  });

  it('finds TRX and USDT sent to a watched address, and nothing from failed calls, look-alike tokens or other addresses', async () => {
    const start: TronCursor = { next: BigInt(node.head()) + 1n, recent: [] };
    const trx = payer.sendTrx(DEPOSIT, 2_500_000n);
    const usdt = payer.transferToken(USDT, DEPOSIT, 10_000_000n);
    const failed = payer.transferToken(USDT, DEPOSIT, 5_000_000_000n); // more than the payer holds: reverts
    payer.transferToken(LOOK_ALIKE, DEPOSIT, 10_000_000n);
    payer.transferToken(USDT, OTHER, 10_000_000n);
    node.mine(1, Date.UTC(2026, 0, 2, 3, 4, 5));
    node.mine(2);
    const { results } = await scanAll(scannerOn(node.url), start);
    const deposits = results.flatMap((r) => r.deposits);
    expect(deposits.map((d) => ({ txid: d.txid, contract: d.contract, units: d.units, to: d.to, from: d.from, logIndex: d.logIndex, time: d.blockTime.toISOString() }))).toEqual([
      { txid: trx, contract: null, units: 2_500_000n, to: DEPOSIT, from: payer.address, logIndex: -1, time: '2026-01-02T03:04:05.000Z' },
      { txid: usdt, contract: USDT, units: 10_000_000n, to: DEPOSIT, from: payer.address, logIndex: 0, time: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(deposits.some((d) => d.txid === failed)).toBe(false);
    // One receipt asked for each TRC-20 call to a watched address of the offered contract (the paid one and the failed one).
    expect(node.calls.get('/wallet/gettransactioninfobyid')).toBe(2);
  });

  it('resumes from a stored cursor after a 500, a truncated answer, a 429 and a hang, losing no block', async () => {
    const start: TronCursor = { next: BigInt(node.head()) + 1n, recent: [] };
    const paid: string[] = [];
    const scanner = scannerOn(node.url);
    let cursor = start;
    const faults = ['error', 'malformed', 'rate-limit', 'hang'] as const;
    for (const fault of faults) {
      paid.push(payer.transferToken(USDT, DEPOSIT, 1_000_000n));
      node.mine(1);
      node.inject(fault, { pathPrefix: fault === 'hang' ? '/wallet/gettransactioninfobyid' : '/wallet/getblockbynum' });
      await expect(scanner.scan(cursor, watch)).rejects.toThrow();
      // A restart: a new scanner, given only the stored cursor.
      const after = await scanAll(scannerOn(node.url), cursor);
      cursor = after.cursor;
      expect(after.results.flatMap((r) => r.deposits.map((d) => d.txid))).toEqual([paid.at(-1)]);
    }
  });

  it('loses nothing to a provider that answers stale data, behind blocks it served before', async () => {
    const scanner = scannerOn(node.url);
    const txid = payer.sendTrx(DEPOSIT, 1_000_000n);
    const start: TronCursor = { next: BigInt(node.head()) + 1n, recent: [] };
    node.mine(3);
    const read = await scanAll(scanner, start);
    expect(read.results.flatMap((r) => r.deposits.map((d) => d.txid))).toEqual([txid]);
    const paid = payer.sendTrx(DEPOSIT, 2_000_000n);
    node.mine(2);
    // The provider falls 4 blocks behind: behind what was read, it has nothing new to say.
    node.lag(4);
    const stale = await scanner.scan(read.cursor, watch);
    expect(stale).toMatchObject({ deposits: [], cursor: read.cursor });
    node.lag(0);
    const caughtUp = await scanAll(scanner, read.cursor);
    expect(caughtUp.results.flatMap((r) => r.deposits.map((d) => d.txid))).toEqual([paid]);
  });

  it('says which blocks a reorganisation replaced, and finds nothing of them again', async () => {
    const scanner = scannerOn(node.url);
    const first = await scanAll(scanner, { next: BigInt(node.head()) + 1n, recent: [] });
    const txid = payer.sendTrx(DEPOSIT, 1_000_000n);
    node.mine(1);
    const seen = await scanAll(scanner, first.cursor);
    expect(seen.results.flatMap((r) => r.deposits.map((d) => d.txid))).toEqual([txid]);
    const paidIn = BigInt(node.head());
    node.reorganise(1);
    const afterReorg = await scanner.scan(seen.cursor, watch);
    expect(afterReorg.reorgFrom).toBe(paidIn);
    const rest = await scanAll(scanner, afterReorg.cursor);
    expect(rest.results.flatMap((r) => r.deposits)).toEqual([]);
  });

  it('sends a TronGrid API key given in the URL as TronGrid’s header', async () => {
    await scannerOn(`${node.url}/?apikey=TEST-KEY`).scan({ next: BigInt(node.head()) + 1n, recent: [] }, watch);
    expect([...node.apiKeys]).toEqual(['TEST-KEY']);
  });

  it('refuses an endpoint that serves another TRON network', async () => {
    const nile = await startTronNode({ genesis: `0000000000000000${'ab'.repeat(24)}` });
    try {
      await expect(scannerOn(nile.url).scan({ next: 1n, recent: [] }, watch)).rejects.toThrow('no longer serves TRON’s main network');
    } finally {
      await nile.close();
    }
  });

  describe('with a fallback endpoint', () => {
    let fallback: TronTestNode;
    let both: TronTestWallet;

    beforeEach(async () => {
      fallback = await startTronNode({ height: 5 });
      both = new TronTestWallet([node, fallback]);
      for (const n of [node, fallback]) n.deployToken(USDT, { [both.address]: 1_000_000_000n });
    });

    afterEach(async () => {
      await fallback.close();
    });

    const withWitness = () => new TronScanner(withFallback(new TronGridClient(node.url, 500), new TronGridClient(fallback.url, 500)), {}, new TronGridClient(fallback.url, 500));
    const mineBoth = () => [node, fallback].forEach((n) => n.mine(1));

    it('reads through the fallback while the first endpoint fails, and takes a payment both see', async () => {
      const start: TronCursor = { next: BigInt(node.head()) + 1n, recent: [] };
      const txid = both.transferToken(USDT, DEPOSIT, 3_000_000n);
      mineBoth();
      node.inject('error', { times: 50 });
      const { results } = await scanAll(withWitness(), start);
      expect(results.flatMap((r) => r.deposits.map((d) => d.txid))).toEqual([txid]);
      expect(fallback.calls.get('/wallet/getblockbynum')).toBeGreaterThan(0);
    });

    it('takes no payment in a block the fallback has not reached, nor in one it disagrees about', async () => {
      const start: TronCursor = { next: BigInt(node.head()) + 1n, recent: [] };
      both.transferToken(USDT, DEPOSIT, 3_000_000n);
      node.mine(1);
      // The fallback is a block behind: the scan stops before the paying block, and reads it later.
      const waiting = await withWitness().scan(start, watch);
      expect(waiting).toMatchObject({ deposits: [], cursor: { next: start.next } });
      // The fallback's block at that height is another one: a fault, and nothing is taken.
      fallback.mine(1);
      fallback.reorganise(1);
      await expect(withWitness().scan(start, watch)).rejects.toThrow(`The two endpoints disagree about block ${start.next}`);
    });
  });
});
