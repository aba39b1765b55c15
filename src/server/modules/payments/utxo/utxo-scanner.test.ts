// The scanner against the loopback Esplora server, with deposit addresses derived from a zpub and
// payments built and signed with @scure/btc-signer: exact, under then topped up, over, replaced (RBF),
// reorganised away, batched, across a restart, and through endpoint faults. The flows run twice: once
// reading new blocks' transactions and once reading each watched address's history.
import { randomBytes } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveUtxoAddress, parseUtxoAccountKey } from '@/domain/utxo/account-key';
import { GENESIS_HASHES } from '@/domain/utxo/chains';
import { paymentUri } from '@/domain/utxo/amount';
import { defaultConfirmationPolicy, type ConfirmationPolicy } from '@/domain/utxo/confirmation-policy';
import { judgeAmount } from '@/domain/payment-verdict';
import { startEsploraServer, TestWallet, type EsploraTestServer } from '../../../test/esplora-server';
import { scanCursorSchema, type ScanCursor } from './scan-cursor';
import type { WatchList } from './scan-reads';
import { UtxoScanner, WrongChain, type Payment, type ScannerOptions, type ScanResult } from './utxo-scanner';
import { EsploraClient, EsploraError, type EsploraApi } from './esplora-client';

const BTC = 100_000_000n;
/** Bitcoin's default: 2 confirmations, 6 above 1 BTC. */
const POLICY = defaultConfirmationPolicy('bitcoin', BTC);
const ZPUB_VERSIONS = { public: 0x04b24746, private: 0x04b2430c };

let server: EsploraTestServer;
let client: EsploraClient;
let deposit: string[];
let buyer: TestWallet;

beforeEach(async () => {
  server = await startEsploraServer();
  client = new EsploraClient({ baseUrl: server.url, timeoutMs: 2_000 });
  // The operator's account: its zpub is all the server sees. The seed exists only in this test.
  const account = HDKey.fromMasterSeed(randomBytes(32), ZPUB_VERSIONS).derive("m/84'/0'/0'");
  const parsed = parseUtxoAccountKey('bitcoin', account.publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  const key = parsed.key;
  deposit = Array.from({ length: 8 }, (_, i) => deriveUtxoAddress(key, i));
  buyer = new TestWallet(server);
});

afterEach(async () => {
  await server.close();
});

const watching = (...addresses: string[]): WatchList => ({ addresses, mempool: addresses });

function paymentOf(result: ScanResult, txid: string, address?: string): Payment {
  const found = result.payments.find((p) => p.txid === txid && (address === undefined || p.address === address));
  if (!found) throw new Error(`no payment ${txid} in ${JSON.stringify(result.payments.map((p) => p.txid))}`);
  return found;
}

/** What the confirmed (creditable) payments to `address` add up to: what an order would be judged on. */
function creditableTotal(result: ScanResult, address: string): bigint {
  return (result.byAddress.get(address) ?? []).reduce((sum, p) => (p.verdict.creditable ? sum + p.units : sum), 0n);
}

/** Stores and reloads the cursor as the caller will (JSON in the database). */
function stored(cursor: ScanCursor): ScanCursor {
  return scanCursorSchema.parse(JSON.parse(JSON.stringify(cursor)));
}

describe.each(['blocks', 'addresses'] as const)('reading new blocks by %s', (strategy) => {
  const scannerFor = (options: Partial<ScannerOptions> = {}, policy: ConfirmationPolicy = POLICY) => new UtxoScanner(client, policy, { strategy, ...options });

  it('an exact payment: seen in the mempool, confirming, then creditable at 2 confirmations', async () => {
    const scanner = scannerFor();
    const address = deposit[0] ?? '';
    const watch = watching(address);
    let result = await scanner.scan(watch);
    expect(result.payments).toEqual([]);

    const txid = buyer.send(buyer.fund(100_000n), [{ address, units: 50_000n }]);
    result = await scanner.scan(watch, stored(result.cursor));
    expect(paymentOf(result, txid)).toMatchObject({ units: 50_000n, confirmations: 0, rbf: false, gone: false, block: null, verdict: { creditable: false, reason: 'confirming', required: 2 } });

    server.mine();
    result = await scanner.scan(watch, stored(result.cursor));
    expect(result.read).toBe(strategy);
    expect(paymentOf(result, txid)).toMatchObject({ confirmations: 1, block: server.tip(), verdict: { creditable: false, reason: 'confirming' } });

    server.mine();
    result = await scanner.scan(watch, stored(result.cursor));
    expect(paymentOf(result, txid)).toMatchObject({ confirmations: 2, verdict: { creditable: true, required: 2 } });
    expect(judgeAmount(50_000n, creditableTotal(result, address), 0)).toEqual({ kind: 'paid', excess: 0n });
  });

  it('under, then topped up by a second transaction', async () => {
    const scanner = scannerFor();
    const address = deposit[1] ?? '';
    const watch = watching(address);
    let result = await scanner.scan(watch);

    const first = buyer.send(buyer.fund(100_000n), [{ address, units: 30_000n }]);
    server.mine(2);
    result = await scanner.scan(watch, stored(result.cursor));
    const owed = judgeAmount(50_000n, creditableTotal(result, address), 0);
    expect(owed).toEqual({ kind: 'underpaid', remainder: 20_000n });
    // The buyer is shown the remainder as a payment request for the same address.
    expect(paymentUri('bitcoin', address, 20_000n)).toBe(`bitcoin:${address}?amount=0.0002`);

    const second = buyer.send(buyer.fund(100_000n), [{ address, units: 20_000n }]);
    server.mine(2);
    result = await scanner.scan(watch, stored(result.cursor));
    expect(result.byAddress.get(address)?.map((p) => [p.txid, p.units, p.verdict.creditable])).toEqual([
      [first, 30_000n, true],
      [second, 20_000n, true],
    ]);
    expect(judgeAmount(50_000n, creditableTotal(result, address), 0)).toEqual({ kind: 'paid', excess: 0n });
  });

  it('over: the whole amount counts, and a large one waits for 6 confirmations', async () => {
    const scanner = scannerFor();
    const [small = '', large = ''] = deposit;
    const watch = watching(small, large);
    let result = await scanner.scan(watch);

    const over = buyer.send(buyer.fund(100_000n), [{ address: small, units: 80_000n }]);
    const whale = buyer.send(buyer.fund(3n * BTC), [{ address: large, units: 2n * BTC }]);
    server.mine(2);
    result = await scanner.scan(watch, stored(result.cursor));
    expect(paymentOf(result, over).verdict).toEqual({ creditable: true, required: 2 });
    expect(judgeAmount(50_000n, creditableTotal(result, small), 0)).toEqual({ kind: 'overpaid', excess: 30_000n });
    expect(paymentOf(result, whale)).toMatchObject({ confirmations: 2, verdict: { creditable: false, required: 6, reason: 'confirming' } });

    server.mine(4);
    result = await scanner.scan(watch, stored(result.cursor));
    expect(paymentOf(result, whale)).toMatchObject({ confirmations: 6, verdict: { creditable: true, required: 6 } });
  });

  it('RBF: the replaced transaction is never credited, the replacement is', async () => {
    const scanner = scannerFor();
    const address = deposit[2] ?? '';
    const watch = watching(address);
    const seen: ScanResult[] = [];
    let result = await scanner.scan(watch);

    const coin = buyer.fund(100_000n);
    const original = buyer.send(coin, [{ address, units: 50_000n }], { rbf: true, fee: 1_000n });
    result = await scanner.scan(watch, stored(result.cursor));
    seen.push(result);
    expect(paymentOf(result, original)).toMatchObject({ rbf: true, confirmations: 0, verdict: { creditable: false, reason: 'replaceable' } });

    const replacement = server.replace(original, buyer.pay(coin, [{ address, units: 50_000n }], { rbf: true, fee: 4_000n }).hex);
    result = await scanner.scan(watch, stored(result.cursor));
    seen.push(result);
    // Missing once: not yet called gone (an indexer may lag), and not creditable.
    expect(paymentOf(result, original)).toMatchObject({ gone: false, confirmations: 0, verdict: { creditable: false } });
    expect(paymentOf(result, replacement)).toMatchObject({ rbf: true, confirmations: 0 });

    result = await scanner.scan(watch, stored(result.cursor));
    seen.push(result);
    expect(paymentOf(result, original)).toMatchObject({ gone: true, verdict: { creditable: false, reason: 'gone' } });

    server.mine(2);
    result = await scanner.scan(watch, stored(result.cursor));
    seen.push(result);
    expect(result.payments.map((p) => p.txid)).toEqual([replacement]);
    expect(paymentOf(result, replacement).verdict.creditable).toBe(true);
    expect(seen.flatMap((r) => r.payments).filter((p) => p.txid === original && p.verdict.creditable)).toEqual([]);
    expect(creditableTotal(result, address)).toBe(50_000n);
  });

  it('a 0-confirmation policy still never credits a transaction that signals RBF', async () => {
    const scanner = scannerFor({}, { confirmations: 0 });
    const address = deposit[3] ?? '';
    const watch = watching(address);
    let result = await scanner.scan(watch);
    const replaceable = buyer.send(buyer.fund(100_000n), [{ address, units: 10_000n }], { rbf: true });
    const final = buyer.send(buyer.fund(100_000n), [{ address, units: 20_000n }]);
    result = await scanner.scan(watch, stored(result.cursor));
    expect(paymentOf(result, replaceable).verdict).toEqual({ creditable: false, required: 0, reason: 'replaceable' });
    expect(paymentOf(result, final).verdict).toEqual({ creditable: true, required: 0 });
  });

  it('a reorganisation that removes a confirmed payment takes its credit away, and reports it gone', async () => {
    const scanner = scannerFor();
    const address = deposit[4] ?? '';
    const watch = watching(address);
    let result = await scanner.scan(watch);
    const txid = buyer.send(buyer.fund(100_000n), [{ address, units: 50_000n }]);
    const [paidIn = ''] = server.mine(2);
    result = await scanner.scan(watch, stored(result.cursor));
    const block = paymentOf(result, txid).block;
    expect(block?.hash).toBe(paidIn);
    expect(paymentOf(result, txid).verdict.creditable).toBe(true);

    // Both blocks are orphaned and the payment is double-spent away: it vanishes from the chain.
    server.reorg(2, { blocks: 3, drop: [txid] });
    result = await scanner.scan(watch, stored(result.cursor));
    expect(result.reorgFrom).toBe(block?.height);
    expect(paymentOf(result, txid)).toMatchObject({ confirmations: 0, block: null, gone: false, verdict: { creditable: false } });

    server.mine();
    result = await scanner.scan(watch, stored(result.cursor));
    expect(paymentOf(result, txid)).toMatchObject({ gone: true, verdict: { creditable: false, reason: 'gone' } });
    result = await scanner.scan(watch, stored(result.cursor));
    expect(result.payments).toEqual([]);
    expect(result.cursor.tracked).toEqual([]);
  });

  it('a reorganisation that re-mines a payment in another block keeps it, counted from its new block', async () => {
    const scanner = scannerFor();
    const address = deposit[5] ?? '';
    const watch = watching(address);
    let result = await scanner.scan(watch);
    const txid = buyer.send(buyer.fund(100_000n), [{ address, units: 50_000n }]);
    server.mine(3);
    result = await scanner.scan(watch, stored(result.cursor));
    expect(paymentOf(result, txid).confirmations).toBe(3);

    const [newBlock = ''] = server.reorg(3, { blocks: 4, include: 'none' });
    server.mine(1); // the payment, back in the mempool, is mined again two blocks later
    result = await scanner.scan(watch, stored(result.cursor));
    expect(result.reorgFrom).toBeDefined();
    expect(newBlock).not.toBe(paymentOf(result, txid).block?.hash);
    expect(paymentOf(result, txid)).toMatchObject({ confirmations: 1, block: server.tip(), gone: false });
  });

  it('a batched payout pays several watched addresses in one transaction: one payment each, outputs summed', async () => {
    const scanner = scannerFor();
    const [a = '', b = '', c = '', unwatched = ''] = deposit;
    const watch = watching(a, b, c);
    let result = await scanner.scan(watch);
    const exchange = new TestWallet(server);
    const txid = exchange.send(exchange.fund(BTC), [
      { address: a, units: 10_000n },
      { address: b, units: 20_000n },
      { address: unwatched, units: 40_000n },
      { address: c, units: 30_000n },
      { address: a, units: 5_000n },
    ]);
    server.mine(2);
    result = await scanner.scan(watch, stored(result.cursor));
    expect(result.payments.map((p) => [p.address, p.txid, p.units, p.verdict.creditable])).toEqual(
      [
        [a, txid, 15_000n, true],
        [b, txid, 20_000n, true],
        [c, txid, 30_000n, true],
      ].sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1)),
    );
  });

  it('restart mid-scan: a new scanner with the stored cursor reaches what one scanner would have', async () => {
    const [a = '', b = ''] = deposit;
    const watch = watching(a, b);
    const start = (await scannerFor().scan(watch)).cursor;
    const paid = [buyer.send(buyer.fund(100_000n), [{ address: a, units: 11_000n }])];
    server.mine(4);
    paid.push(buyer.send(buyer.fund(100_000n), [{ address: b, units: 22_000n }]));
    server.mine(5);

    // One scanner that reads everything at once…
    const whole = await scannerFor({ maxBlocks: 50 }).scan(watch, stored(start));
    expect(whole.behind).toBe(false);
    // …and a process that reads 3 blocks, stores its cursor and dies; another takes over.
    const first = await scannerFor({ maxBlocks: 3 }).scan(watch, stored(start));
    expect(first.behind).toBe(true);
    let result = first;
    for (let i = 0; result.behind && i < 10; i++) result = await scannerFor({ maxBlocks: 3 }).scan(watch, stored(result.cursor));
    expect(result.behind).toBe(false);
    expect(result.cursor).toEqual(whole.cursor);
    expect(result.payments).toEqual(whole.payments);
    expect(new Map(result.payments.map((p) => [p.txid, p.verdict.creditable]))).toEqual(new Map(paid.map((t) => [t, true])));
  });

  it.each(['error', 'malformed', 'hang'] as const)('an endpoint fault (%s) mid-scan is a clear error, reports no payment, and the next scan recovers', async (fault) => {
    const impatient = new EsploraClient({ baseUrl: server.url, timeoutMs: 300 });
    const scanner = new UtxoScanner(impatient, POLICY, { strategy });
    const [a = '', b = ''] = deposit;
    const watch = watching(a, b);
    const start = (await scanner.scan(watch)).cursor;
    const txid = buyer.send(buyer.fund(100_000n), [{ address: b, units: 40_000n }]);
    server.mine(2);

    // The fault hits the reading of the new blocks: their transactions, or the addresses' histories.
    server.inject(fault, { pathPrefix: strategy === 'blocks' ? '/block/' : `/address/${b}`, times: 1 });
    const error = await scanner.scan(watch, stored(start)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EsploraError);
    expect((error as EsploraError).kind).toBe({ error: 'status', malformed: 'invalid', hang: 'timeout' }[fault]);

    const result = await scanner.scan(watch, stored(start));
    expect(result.payments.map((p) => [p.txid, p.units, p.verdict.creditable])).toEqual([[txid, 40_000n, true]]);
  });
});

describe('cost in requests', () => {
  it('an idle scan with no new block costs one request; each address awaiting payment adds one', async () => {
    const scanner = new UtxoScanner(client, POLICY);
    const all = { addresses: deposit };
    const start = await scanner.scan(all);
    const idle = await scanner.scan(all, start.cursor);
    expect(idle.calls).toBe(1);
    expect(idle.read).toBeNull();
    expect((await scanner.scan({ addresses: deposit, mempool: deposit.slice(0, 3) }, start.cursor)).calls).toBe(4);
  });

  it('a new block costs the tip, its header and its pages when many addresses are watched, whatever their number', async () => {
    const scanner = new UtxoScanner(client, POLICY);
    const many = { addresses: [...deposit, ...Array.from({ length: 200 }, () => new TestWallet(server).address)] };
    let result = await scanner.scan(many);
    // 30 payments: the block holds 31 transactions with its coinbase, two pages of 25.
    for (let i = 0; i < 30; i++) buyer.send(buyer.fund(10_000n), [{ address: deposit[i % deposit.length] ?? '', units: 1_000n }]);
    // Read the 30 blocks that minted the buyer's coins first, 10 per scan.
    do result = await scanner.scan(many, result.cursor);
    while (result.behind);
    server.mine();
    server.resetCounts();
    result = await scanner.scan(many, result.cursor);
    expect(result.read).toBe('blocks');
    expect(result.calls).toBe(1 + 1 + 2);
    expect(server.requests()).toBe(result.calls);
    expect(result.payments).toHaveLength(30);
  });

  it('with few addresses it asks each address instead, when that is cheaper', async () => {
    const scanner = new UtxoScanner(client, POLICY);
    const address = deposit[0] ?? '';
    let result = await scanner.scan({ addresses: [address] });
    for (let i = 0; i < 30; i++) buyer.send(buyer.fund(10_000n), [{ address: new TestWallet(server).address, units: 1_000n }]);
    do result = await scanner.scan({ addresses: [address] }, result.cursor);
    while (result.behind);
    buyer.send(buyer.fund(10_000n), [{ address, units: 2_000n }]);
    server.mine(); // 32 transactions: two pages, against one address to ask
    result = await scanner.scan({ addresses: [address] }, result.cursor);
    expect(result.read).toBe('addresses');
    // The tip, the new block's header, the address's history; the block that minted the coin before it is read the same way.
    expect(result.calls).toBe(1 + 2 + 1);
    expect(result.payments.map((p) => p.units)).toEqual([2_000n]);
  });
});

describe('the chain under the cursor', () => {
  it('an endpoint behind the cursor (a lagging node behind a load balancer) changes nothing', async () => {
    const scanner = new UtxoScanner(client, POLICY);
    const address = deposit[0] ?? '';
    let result = await scanner.scan(watching(address));
    const txid = buyer.send(buyer.fund(100_000n), [{ address, units: 5_000n }]);
    const older = server.tip().hash;
    server.mine(2);
    result = await scanner.scan(watching(address), result.cursor);
    const lagging: EsploraApi = Object.assign(Object.create(client) as EsploraClient, { getTipHash: async () => older });
    const behind = await new UtxoScanner(lagging, POLICY).scan({ addresses: [address] }, result.cursor);
    expect(behind.cursor).toEqual(result.cursor);
    expect(paymentOf(behind, txid).confirmations).toBe(2);
  });

  it('a reorganisation deeper than the blocks kept starts again from the oldest kept, losing no payment still on the chain', async () => {
    // The chain's first block is asked for (and found) before the reorganisation is taken as one.
    const scanner = new UtxoScanner(client, { confirmations: 2 }, { keepRecent: 4, genesisHash: GENESIS_HASHES.bitcoin });
    const address = deposit[0] ?? '';
    const watch = watching(address);
    const coin = buyer.fund(100_000n);
    server.mine(6); // the coin's own block stays below the reorganisation
    let result = await scanner.scan(watch);
    const txid = buyer.send(coin, [{ address, units: 7_000n }]);
    server.mine(3);
    result = await scanner.scan(watch, result.cursor);
    expect(result.cursor.recent).toHaveLength(4);
    const oldest = result.cursor.recent[0]?.height;

    // Five blocks go, one more than the scanner keeps; the payment is mined again in the first new block.
    const [remined = ''] = server.reorg(5, { blocks: 6 });
    result = await scanner.scan(watch, result.cursor);
    expect(result.reorgFrom).toBe(oldest);
    expect(paymentOf(result, txid)).toMatchObject({ gone: false, block: { hash: remined }, confirmations: 6, verdict: { creditable: true } });
  });

  it('an endpoint that has come to serve another chain is a fault, not a reorganisation: the payments followed stay', async () => {
    const scanner = new UtxoScanner(client, POLICY, { genesisHash: GENESIS_HASHES.bitcoin });
    const address = deposit[0] ?? '';
    const watch = watching(address);
    let result = await scanner.scan(watch);
    const txid = buyer.send(buyer.fund(100_000n), [{ address, units: 7_000n }]);
    server.mine();
    result = await scanner.scan(watch, result.cursor);
    expect(paymentOf(result, txid)).toMatchObject({ confirmations: 1, gone: false });

    // A load balancer now sends the same URL to a node of another chain, taller and shorter than ours.
    for (const height of [300, 20]) {
      const other = await startEsploraServer({ height, genesisHash: 'cd'.repeat(32) });
      try {
        const elsewhere = new EsploraClient({ baseUrl: other.url });
        const checked = new UtxoScanner(elsewhere, POLICY, { genesisHash: GENESIS_HASHES.bitcoin });
        await expect(checked.scan(watch, result.cursor)).rejects.toThrow(new WrongChain(GENESIS_HASHES.bitcoin, 'cd'.repeat(32)));
        expect(new WrongChain(GENESIS_HASHES.bitcoin, 'cd'.repeat(32)).message).toBe('The endpoint now serves another chain: its first block is cdcdcdcdcdcd…, not 000000000019….');
        // Unchecked, the same answers read as a reorganisation deeper than the blocks kept.
        expect((await new UtxoScanner(elsewhere, POLICY).scan(watch, result.cursor)).reorgFrom).toBeDefined();
      } finally {
        await other.close();
      }
    }

    // Back on its own chain, the payment is where it was.
    server.mine();
    expect(paymentOf(await scanner.scan(watch, result.cursor), txid)).toMatchObject({ confirmations: 2, gone: false, verdict: { creditable: true } });
  });

  it('a payment buried deeper than the blocks kept is reported one last time, then no longer followed', async () => {
    const scanner = new UtxoScanner(client, { confirmations: 2 }, { keepRecent: 5 });
    const address = deposit[0] ?? '';
    const watch = watching(address);
    let result = await scanner.scan(watch);
    const txid = buyer.send(buyer.fund(100_000n), [{ address, units: 7_000n }]);
    server.mine(6);
    result = await scanner.scan(watch, result.cursor);
    expect(paymentOf(result, txid)).toMatchObject({ confirmations: 6, verdict: { creditable: true } });
    expect(result.cursor.tracked).toEqual([]);
    server.mine();
    expect((await scanner.scan(watch, result.cursor)).payments).toEqual([]);
  });

  it('refuses to keep fewer blocks than its policy needs confirmations', () => {
    expect(() => new UtxoScanner(client, { confirmations: 10 }, { keepRecent: 10 })).toThrow(RangeError);
  });
});
