// The test chain against Esplora's own shapes, read over HTTP with plain fetch: it decodes real signed
// transactions, and moves its chain the way tests need (mine, replace, drop, reorganise, fail).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEsploraServer, TestWallet, type EsploraTestServer } from './esplora-server';

let server: EsploraTestServer;

beforeAll(async () => {
  server = await startEsploraServer({ height: 10 });
});

afterAll(async () => {
  await server.close();
});

interface JsonTx {
  txid: string;
  vin: { txid: string; vout: number; sequence: number; is_coinbase: boolean; prevout: { scriptpubkey_address?: string; value: number } | null; witness?: string[] }[];
  vout: { scriptpubkey_address?: string; scriptpubkey_type: string; value: number }[];
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number };
  fee: number;
}

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, text: await response.text() };
}

async function getJson<T>(path: string): Promise<T> {
  const { status, text } = await get(path);
  expect(status, `${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

describe('the chain it serves', () => {
  it('answers the tip and blocks by height and hash', async () => {
    const tip = server.tip();
    expect((await get('/blocks/tip/height')).text).toBe(String(tip.height));
    expect((await get('/blocks/tip/hash')).text).toBe(tip.hash);
    expect((await get(`/block-height/${tip.height}`)).text).toBe(tip.hash);
    const block = await getJson<{ id: string; height: number; previousblockhash: string; tx_count: number }>(`/block/${tip.hash}`);
    expect(block).toMatchObject({ id: tip.hash, height: tip.height, tx_count: 1 });
    expect((await get(`/block-height/${tip.height - 1}`)).text).toBe(block.previousblockhash);
    expect(await get(`/block-height/${tip.height + 1}`)).toEqual({ status: 404, text: 'Block not found' });
  });

  it('decodes a signed transaction: txid, output addresses and values, sequence numbers, prevouts and fee', async () => {
    const payer = new TestWallet(server);
    const payee = new TestWallet(server);
    const coin = payer.fund(1_000_000n);
    const { hex, txid } = payer.pay(coin, [{ address: payee.address, units: 250_000n }], { fee: 2_000n, rbf: true });
    expect(server.broadcast(hex)).toBe(txid);

    const tx = await getJson<JsonTx>(`/tx/${txid}`);
    expect(tx.txid).toBe(txid);
    expect(tx.vin).toHaveLength(1);
    expect(tx.vin[0]).toMatchObject({ txid: coin.txid, vout: 0, sequence: 0xfffffffd, is_coinbase: false, prevout: { scriptpubkey_address: payer.address, value: 1_000_000 } });
    expect(tx.vin[0]?.witness).toHaveLength(2);
    expect(tx.vout).toEqual([
      expect.objectContaining({ scriptpubkey_address: payee.address, scriptpubkey_type: 'v0_p2wpkh', value: 250_000 }),
      expect.objectContaining({ scriptpubkey_address: payer.address, value: 748_000 }),
    ]);
    expect(tx.fee).toBe(2_000);
    expect(tx.status).toEqual({ confirmed: false });
    expect((await get(`/tx/${txid}/hex`)).text).toBe(hex);

    const [hash] = server.mine();
    const mined = await getJson<JsonTx>(`/tx/${txid}`);
    expect(mined.status).toMatchObject({ confirmed: true, block_height: server.tip().height, block_hash: hash });
    expect(await getJson(`/tx/${txid}/status`)).toEqual(mined.status);
  });

  it('lists an address’s unconfirmed transactions first, then its confirmed ones newest first', async () => {
    const payer = new TestWallet(server);
    const payee = new TestWallet(server);
    const first = payer.send(payer.fund(100_000n), [{ address: payee.address, units: 10_000n }]);
    server.mine();
    const second = payer.send(payer.fund(100_000n), [{ address: payee.address, units: 20_000n }]);
    server.mine();
    const third = payer.send(payer.fund(100_000n), [{ address: payee.address, units: 30_000n }]);

    const txs = await getJson<JsonTx[]>(`/address/${payee.address}/txs`);
    expect(txs.map((t) => t.txid)).toEqual([third, second, first]);
    expect(txs.map((t) => t.status.confirmed)).toEqual([false, true, true]);
    expect((await getJson<JsonTx[]>(`/address/${payee.address}/txs/mempool`)).map((t) => t.txid)).toEqual([third]);
    // The payer's address appears too: it spends from it.
    expect((await getJson<JsonTx[]>(`/address/${payer.address}/txs`)).map((t) => t.txid)).toContain(third);
  });

  it('pages confirmed history 25 at a time after the last txid seen, and blocks 25 transactions at a time', async () => {
    server.mine(); // whatever earlier tests left in the mempool
    const payer = new TestWallet(server);
    const payee = new TestWallet(server);
    const coins = Array.from({ length: 30 }, () => payer.fund(50_000n));
    const sent = coins.map((coin) => payer.send(coin, [{ address: payee.address, units: 1_000n }]));
    const [hash] = server.mine();

    const firstPage = await getJson<JsonTx[]>(`/address/${payee.address}/txs`);
    expect(firstPage).toHaveLength(25);
    const rest = await getJson<JsonTx[]>(`/address/${payee.address}/txs/chain/${firstPage[24]?.txid ?? ''}`);
    expect(rest).toHaveLength(5);
    expect(new Set([...firstPage, ...rest].map((t) => t.txid))).toEqual(new Set(sent));

    const block = await getJson<{ tx_count: number }>(`/block/${hash ?? ''}`);
    expect(block.tx_count).toBe(31);
    const pageOne = await getJson<JsonTx[]>(`/block/${hash ?? ''}/txs/0`);
    const pageTwo = await getJson<JsonTx[]>(`/block/${hash ?? ''}/txs/25`);
    expect(pageOne).toHaveLength(25);
    expect(pageTwo).toHaveLength(6);
    expect(pageOne[0]?.vin[0]?.is_coinbase).toBe(true);
    expect((await get(`/block/${hash ?? ''}/txs/3`)).status).toBe(400);
  });

  it('writes values above 2^53 as exact integers', async () => {
    const whale = new TestWallet(server);
    const utxo = whale.fund(2n ** 60n + 1n);
    const { text } = await get(`/tx/${utxo.txid}`);
    expect(text).toContain(`"value":${(2n ** 60n + 1n).toString()}`);
  });

  it('accepts a broadcast over HTTP (POST /tx) and refuses a double spend', async () => {
    const payer = new TestWallet(server);
    const coin = payer.fund(100_000n);
    const a = payer.pay(coin, [{ address: new TestWallet(server).address, units: 5_000n }]);
    const response = await fetch(`${server.url}/tx`, { method: 'POST', body: a.hex });
    expect(await response.text()).toBe(a.txid);
    const b = payer.pay(coin, [{ address: new TestWallet(server).address, units: 6_000n }]);
    expect(() => server.broadcast(b.hex)).toThrow(/txn-mempool-conflict/);
    expect(() => server.broadcast(a.hex)).toThrow(/already-known/);
  });
});

describe('moving the chain', () => {
  it('replaces a mempool transaction by one spending the same coin, and forgets the first', async () => {
    const payer = new TestWallet(server);
    const payee = new TestWallet(server);
    const coin = payer.fund(100_000n);
    const original = payer.send(coin, [{ address: payee.address, units: 40_000n }], { rbf: true, fee: 1_000n });
    const bumped = server.replace(original, payer.pay(coin, [{ address: payee.address, units: 40_000n }], { rbf: true, fee: 3_000n }).hex);
    expect(bumped).not.toBe(original);
    expect(await get(`/tx/${original}`)).toEqual({ status: 404, text: 'Transaction not found' });
    // As electrs: a transaction it does not know is "unconfirmed", not missing.
    expect(await getJson(`/tx/${original}/status`)).toEqual({ confirmed: false });
    expect((await getJson<JsonTx[]>(`/address/${payee.address}/txs`)).map((t) => t.txid)).toEqual([bumped]);
    expect(() => server.replace(bumped, payer.pay(payer.fund(10_000n), [{ address: payee.address, units: 1_000n }]).hex)).toThrow(/spends at least one input/);
  });

  it('drops a mempool transaction with what spends it', async () => {
    const payer = new TestWallet(server);
    const middle = new TestWallet(server);
    const parent = payer.pay(payer.fund(100_000n), [{ address: middle.address, units: 50_000n }]);
    server.broadcast(parent.hex);
    const child = middle.send({ txid: parent.txid, vout: 0, units: 50_000n, script: (await parentScript(parent.txid)) }, [{ address: payer.address, units: 10_000n }]);
    server.drop(parent.txid);
    expect((await get(`/tx/${parent.txid}`)).status).toBe(404);
    expect((await get(`/tx/${child}`)).status).toBe(404);
  });

  it('reorganises: orphaned blocks’ transactions return to the mempool, unless dropped', async () => {
    const payer = new TestWallet(server);
    const payee = new TestWallet(server);
    const kept = payer.send(payer.fund(100_000n), [{ address: payee.address, units: 1_000n }]);
    const lost = payer.send(payer.fund(100_000n), [{ address: payee.address, units: 2_000n }]);
    const [orphan] = server.mine();
    const before = server.tip();

    server.reorg(1, { blocks: 2, drop: [lost], include: 'none' });
    expect(server.tip().height).toBe(before.height + 1);
    expect((await get(`/block-height/${before.height}`)).text).not.toBe(before.hash);
    expect((await get(`/block/${orphan ?? ''}`)).status).toBe(404);
    expect((await getJson<JsonTx>(`/tx/${kept}`)).status).toEqual({ confirmed: false });
    expect((await get(`/tx/${lost}`)).status).toBe(404);

    server.mine();
    expect((await getJson<JsonTx>(`/tx/${kept}`)).status.block_height).toBe(before.height + 2);
  });

  it('counts requests per route', async () => {
    server.resetCounts();
    await get('/blocks/tip/hash');
    await get('/blocks/tip/hash');
    await get(`/address/${new TestWallet(server).address}/txs`);
    expect(server.requests()).toBe(3);
    expect(server.calls.get('GET /blocks/tip/hash')).toBe(2);
    expect(server.calls.get('GET /address/:address/txs')).toBe(1);
  });
});

describe('faults', () => {
  it('answers 500, 429 and a body cut short on the requests a test picks, then serves again', async () => {
    server.inject('error', { pathPrefix: '/blocks/tip' });
    expect(await get('/blocks/tip/hash')).toEqual({ status: 500, text: 'Internal server error' });
    server.inject('rate-limit');
    expect((await get('/blocks/tip/hash')).status).toBe(429);
    server.inject('malformed', { pathPrefix: '/block/' });
    const { status, text } = await get(`/block/${server.tip().hash}`);
    expect(status).toBe(200);
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect((await get('/blocks/tip/hash')).text).toBe(server.tip().hash);
  });

  it('drops the connection, or never answers until closed', async () => {
    server.inject('reset');
    await expect(fetch(`${server.url}/blocks/tip/hash`)).rejects.toThrow();
    server.inject('hang');
    const served = server.requests();
    const controller = new AbortController();
    const pending = fetch(`${server.url}/blocks/tip/hash`, { signal: controller.signal });
    // Once the server holds the request, nothing comes back until the caller gives up.
    await vi.waitFor(() => expect(server.requests()).toBe(served + 1));
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect((await get('/blocks/tip/hash')).text).toBe(server.tip().hash);
  });
});

async function parentScript(txid: string): Promise<Uint8Array> {
  const tx = await getJson<{ vout: { scriptpubkey: string }[] }>(`/tx/${txid}`);
  return Uint8Array.from(Buffer.from(tx.vout[0]?.scriptpubkey ?? '', 'hex'));
}
