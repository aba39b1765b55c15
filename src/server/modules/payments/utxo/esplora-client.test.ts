// The Esplora client against the loopback Esplora server: typed answers from real transactions, exact
// amounts, and a clear error (never an empty answer) for every way an endpoint fails.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsploraServer, TestWallet, type EsploraTestServer } from '../../../test/esplora-server';
import { EsploraClient, EsploraError } from './esplora-client';

let server: EsploraTestServer;
let client: EsploraClient;

beforeAll(async () => {
  server = await startEsploraServer();
  client = new EsploraClient({ baseUrl: server.url, timeoutMs: 2_000 });
});

afterAll(async () => {
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<EsploraError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof EsploraError)) throw new Error(`expected an EsploraError, got ${String(error)}`);
  return error;
}

describe('answers', () => {
  it('reads the tip, blocks and their transactions', async () => {
    const tip = server.tip();
    expect(await client.getTipHash()).toBe(tip.hash);
    expect(await client.getTipHeight()).toBe(tip.height);
    expect(await client.getBlockHashAtHeight(tip.height)).toBe(tip.hash);
    const block = await client.getBlock(tip.hash);
    expect(block).toMatchObject({ hash: tip.hash, height: tip.height, txCount: 1 });
    expect(block.previousHash).toBe(await client.getBlockHashAtHeight(tip.height - 1));
    const [coinbase] = await client.getBlockTxs(tip.hash, 0);
    expect(coinbase?.inputs[0]?.coinbase).toBe(true);
    expect(coinbase?.status).toMatchObject({ confirmed: true, blockHeight: tip.height, blockHash: tip.hash });
  });

  it('reads a payment: outputs with addresses and exact values, sequences, status', async () => {
    const payer = new TestWallet(server);
    const payee = new TestWallet(server);
    const coin = payer.fund(500_000n);
    const txid = payer.send(coin, [{ address: payee.address, units: 123_456n }], { rbf: true });

    const tx = await client.getTx(txid);
    expect(tx?.outputs[0]).toEqual({ address: payee.address, scriptType: 'v0_p2wpkh', units: 123_456n });
    expect(tx?.inputs[0]).toMatchObject({ txid: coin.txid, vout: 0, sequence: 0xfffffffd, coinbase: false, prevout: { address: payer.address, units: 500_000n } });
    expect(tx?.status).toEqual({ confirmed: false });
    expect((await client.getAddressMempoolTxs(payee.address)).map((t) => t.txid)).toEqual([txid]);

    server.mine();
    expect(await client.getTxStatus(txid)).toMatchObject({ confirmed: true, blockHeight: server.tip().height, blockHash: server.tip().hash });
    expect((await client.getAddressTxs(payee.address)).map((t) => t.txid)).toEqual([txid]);
  });

  it('pages an address’s confirmed history', async () => {
    const payer = new TestWallet(server);
    const payee = new TestWallet(server);
    const coins = Array.from({ length: 27 }, () => payer.fund(10_000n));
    for (const coin of coins) payer.send(coin, [{ address: payee.address, units: 1_000n }]);
    server.mine();
    const first = await client.getAddressTxs(payee.address);
    expect(first).toHaveLength(25);
    const next = await client.getAddressChainTxs(payee.address, first[24]?.txid ?? '');
    expect(next).toHaveLength(2);
  });

  it('keeps amounts beyond 2^53 exact (a Dogecoin whale’s output)', async () => {
    const whale = new TestWallet(server);
    const units = 2n ** 60n + 7n;
    const coin = whale.fund(units);
    const tx = await client.getTx(coin.txid);
    expect(tx?.outputs[0]?.units).toBe(units);
  });

  it('gives null for a transaction the endpoint does not know, and "unconfirmed" for its status, as Esplora does', async () => {
    const unknown = 'ab'.repeat(32);
    expect(await client.getTx(unknown)).toBeNull();
    expect(await client.getTxStatus(unknown)).toEqual({ confirmed: false });
  });

  it('keeps the base URL’s path and query string (an API key), and never shows them in errors', async () => {
    const seen: string[] = [];
    const keyed = new EsploraClient({
      baseUrl: `${server.url}/api/?key=s3cret`,
      fetch: async (input) => {
        seen.push(input instanceof Request ? input.url : input.toString());
        return new Response('Not found', { status: 404 });
      },
    });
    const error = await failure(keyed.getTipHash());
    expect(seen).toEqual([`${server.url}/api/blocks/tip/hash?key=s3cret`]);
    expect(error.message).toBe('The Esplora endpoint answered 404 to /blocks/tip/hash.');
    // A 404 that is not Esplora's "Transaction not found" (a wrong base URL) is an error, not "gone".
    expect((await failure(keyed.getTx('ab'.repeat(32)))).status).toBe(404);
  });

  it('refuses malformed arguments before any request', async () => {
    await expect(client.getTx('not-a-txid')).rejects.toThrow(RangeError);
    await expect(client.getAddressTxs('../blocks/tip/hash')).rejects.toThrow(RangeError);
    await expect(client.getBlockTxs(server.tip().hash, 10)).rejects.toThrow(RangeError);
    expect(() => new EsploraClient({ baseUrl: 'ftp://example.org' })).toThrow(RangeError);
  });
});

describe('faults', () => {
  it('a 500 or a 429 is an error naming the status and path', async () => {
    server.inject('error');
    const error = await failure(client.getTipHash());
    expect(error).toMatchObject({ kind: 'status', status: 500, message: 'The Esplora endpoint answered 500 to /blocks/tip/hash.' });
    server.inject('rate-limit');
    expect((await failure(client.getTipHeight())).message).toMatch(/^The Esplora endpoint answered 429 to \/blocks\/tip\/height \(too many requests/);
  });

  it('a body cut short is "not JSON"; a text answer that is not a hash is refused', async () => {
    server.inject('malformed', { pathPrefix: '/block/' });
    expect(await failure(client.getBlock(server.tip().hash))).toMatchObject({ kind: 'invalid', message: `The Esplora endpoint's answer to /block/${server.tip().hash} is not JSON.` });
    server.inject('malformed', { pathPrefix: '/blocks/tip/hash' });
    expect((await failure(client.getTipHash())).kind).toBe('invalid');
  });

  it('JSON of the wrong shape is refused with where it went wrong', async () => {
    const wrong = new EsploraClient({ baseUrl: server.url, fetch: async () => Response.json([{ txid: 'ab'.repeat(32), vin: [], vout: [], status: { confirmed: false } }]) });
    const error = await failure(wrong.getAddressTxs(new TestWallet(server).address));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/is not what Esplora sends at 0\.vin/);
    const fractional = new EsploraClient({
      baseUrl: server.url,
      fetch: async () => new Response('{"txid":"' + 'ab'.repeat(32) + '","vin":[{"txid":"' + 'cd'.repeat(32) + '","vout":0,"is_coinbase":false,"sequence":1}],"vout":[{"scriptpubkey_type":"p2pkh","value":1.5}],"status":{"confirmed":false}}'),
    });
    expect((await failure(fractional.getTx('ab'.repeat(32)))).message).toMatch(/at vout\.0\.value/);
    const confirmedWithoutBlock = new EsploraClient({ baseUrl: server.url, fetch: async () => Response.json({ confirmed: true }) });
    expect((await failure(confirmedWithoutBlock.getTxStatus('ab'.repeat(32)))).message).toMatch(/a confirmed status names its block/);
  });

  it('an endpoint that never answers times out', async () => {
    const impatient = new EsploraClient({ baseUrl: server.url, timeoutMs: 300 });
    server.inject('hang');
    expect(await failure(impatient.getTipHash())).toMatchObject({ kind: 'timeout', message: 'The Esplora endpoint did not answer /blocks/tip/hash within 300 ms.' });
  });

  it('a dropped connection or a closed port is "could not be reached", without the URL', async () => {
    server.inject('reset');
    expect((await failure(client.getTipHash())).kind).toBe('unreachable');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(new EsploraClient({ baseUrl: `http://127.0.0.1:${port}/api?key=s3cret` }).getTipHash());
    expect(error).toMatchObject({ kind: 'unreachable', message: 'The Esplora endpoint could not be reached for /blocks/tip/hash (ECONNREFUSED).' });
    expect(error.message).not.toContain('s3cret');
  });
});
