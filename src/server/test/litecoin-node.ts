// A real Litecoin Core node for tests (Debian's `litecoind`, run in regtest), with an Esplora-compatible
// HTTP front over its RPC, so that Presale's own watcher reads payments that Litecoin Core's wallet
// built, signed, relayed, replaced and mined.
//
// The node runs regtest while Presale's Litecoin is the main network, whose addresses read `ltc1…`
// where regtest's read `rltc1…`. The scripts are the same; only the text of an address names its
// network. So the front plays a main-network Esplora: it writes each output's script as a main-network
// address, answers `/block-height/0` with the main network's genesis hash (as the payment settings
// check; the real regtest genesis is translated back when asked for), and a test pays a Presale
// address by handing the wallet the same script written for regtest (`toRegtest`).
//
// MWEB is active, as on the main network since 2022: every block from then on carries a HogEx
// (integration) transaction whose outputs have no address, and mempools hold transactions wholly
// inside MWEB. Regtest activates it at height 432, and Litecoin Core cannot build that block without
// a peg-in (`bad-txns-vin-empty`), so a second wallet pegs in there and keeps to MWEB; the wallet that
// pays orders holds canonical coins only, so its payments are ordinary transactions. Core lists MWEB's
// own inputs and outputs after the canonical ones, with an id but no script or value: the front leaves
// them out, and a transaction with nothing canonical (wholly inside MWEB) it lists nowhere.
//
// Amounts stay exact: Core writes them as JSON numbers of coins, which are turned into litoshi
// strings in the RPC text before it is parsed. The address history is built by reading every
// block (cached by hash: a block never changes) and the mempool, which a regtest chain of a few
// hundred blocks allows; only outputs are indexed, as only payments to an address matter here.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hex } from '@scure/base';
import { Address, OutScript } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { CHAINS, GENESIS_HASHES } from '@/domain/utxo/chains';
import { freePorts } from './process';

/** Litecoin Core's regtest address parameters. */
export const LITECOIN_REGTEST: BTC_NETWORK = { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef };
const MAIN = CHAINS.litecoin.network;
const PAGE = 25;
const MEMPOOL_LIMIT = 50;
/** The block before regtest's MWEB activation (BIP9 windows of 144 blocks: defined, started, locked in). */
const BEFORE_MWEB = 431;

/** True where Debian's litecoind is installed (`apt-get install litecoind`; CI installs it). */
export function hasLitecoind(): boolean {
  return spawnSync('litecoind', ['-version'], { stdio: 'ignore' }).status === 0;
}

export interface LitecoinNode {
  /** The Esplora-compatible front. */
  readonly esploraUrl: string;
  /** Calls the node's JSON-RPC (on its wallet); amounts in answers are litoshi strings. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Mines `count` blocks to the node's own wallet. */
  mine(count?: number): Promise<string[]>;
  /** Puts a transaction wholly inside MWEB into the mempool (from the second wallet), and returns its id. */
  sendInsideMweb(): Promise<string>;
  stop(): Promise<void>;
}

/** The same script as `address` (main network), written as a regtest address the node's wallet accepts. */
export function toRegtest(address: string): string {
  return Address(LITECOIN_REGTEST).encode(Address(MAIN).decode(address));
}

interface RpcVout {
  ismweb?: false;
  value: string;
  scriptPubKey: { hex: string; type: string };
}
interface RpcVin {
  ismweb?: false;
  coinbase?: string;
  txid?: string;
  vout?: number;
  sequence: number;
}
/** An MWEB input or output as Core lists it: no script, no value. */
interface MwebPart {
  ismweb: true;
  output_id: string;
}
interface CoreTx {
  txid: string;
  vin: (RpcVin | MwebPart)[];
  vout: (RpcVout | MwebPart)[];
  blockhash?: string;
}
/** A transaction's canonical part, the only one Esplora shows. */
interface RpcTx {
  txid: string;
  vin: RpcVin[];
  vout: RpcVout[];
  blockhash?: string;
}
interface RpcBlock {
  hash: string;
  height: number;
  previousblockhash?: string;
  time: number;
  tx: RpcTx[];
}

/** `tx` without its MWEB inputs and outputs; null when nothing canonical is left. */
function canonical(tx: CoreTx): RpcTx | null {
  const vin = tx.vin.filter((i): i is RpcVin => i.ismweb !== true);
  return vin.length === 0 ? null : { ...tx, vin, vout: tx.vout.filter((o): o is RpcVout => o.ismweb !== true) };
}

/** Core's script types as Esplora names them. */
const SCRIPT_TYPES: Record<string, string> = {
  witness_v0_keyhash: 'v0_p2wpkh',
  witness_v0_scripthash: 'v0_p2wsh',
  witness_v1_taproot: 'v1_p2tr',
  pubkeyhash: 'p2pkh',
  scripthash: 'p2sh',
  pubkey: 'p2pk',
  multisig: 'multisig',
  nulldata: 'op_return',
};

function mainAddress(scriptHex: string): string | undefined {
  try {
    return Address(MAIN).encode(OutScript.decode(hex.decode(scriptHex)));
  } catch {
    return undefined; // no address form (OP_RETURN, MWEB's own outputs, …)
  }
}

export async function startLitecoinNode(): Promise<LitecoinNode> {
  const dir = mkdtempSync(join(tmpdir(), 'presale-litecoind-'));
  const [rpcPort = 0, p2pPort = 0] = await freePorts(2);
  const auth = `Basic ${Buffer.from('presale:presale-test').toString('base64')}`;
  const child: ChildProcess = spawn(
    'litecoind',
    [
      '-regtest',
      `-datadir=${dir}`,
      `-rpcport=${rpcPort}`,
      `-port=${p2pPort}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      '-rpcuser=presale',
      '-rpcpassword=presale-test',
      '-listen=0',
      '-connect=0',
      '-dnsseed=0',
      '-txindex=1',
      '-fallbackfee=0.0001',
      // Litecoin Core keeps a mempool transaction until it is mined, whatever it signals, unless told
      // otherwise: this node accepts replacements, as a miner may, so a payment can really be replaced.
      '-mempoolreplacement=1',
      '-printtoconsole=0',
    ],
    { stdio: 'ignore' },
  );
  const life: { exited: boolean; error?: Error } = { exited: false };
  child.once('exit', () => (life.exited = true));
  // Not installed (ENOENT): no 'exit' follows, and the start fails at once with the reason.
  child.once('error', (error) => Object.assign(life, { exited: true, error }));

  let id = 0;
  async function call<T>(path: string, method: string, params: unknown[]): Promise<T> {
    const response = await fetch(`http://127.0.0.1:${rpcPort}${path}`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '1.0', id: ++id, method, params }),
    });
    // Amounts exactly, as litoshi strings.
    const text = (await response.text()).replace(/"(value|amount|fee)":\s*(-?)(\d+)\.(\d{1,8})(?=\s*[,}\]])/g, (_, key: string, sign: string, whole: string, fraction: string) => `"${key}":"${sign}${BigInt(whole + fraction.padEnd(8, '0')).toString()}"`);
    const body = JSON.parse(text) as { result: T; error: { code: number; message: string } | null };
    if (body.error) throw Object.assign(new Error(`${method}: ${body.error.message}`), { code: body.error.code });
    return body.result;
  }
  const node = <T>(method: string, params: unknown[] = []) => call<T>('/', method, params);
  const wallet = <T>(method: string, params: unknown[] = []) => call<T>('/wallet/presale', method, params);
  const mwebWallet = <T>(method: string, params: unknown[] = []) => call<T>('/wallet/mweb', method, params);

  /** Stops the node (politely, then by force) and removes its data folder. */
  async function stopNode(): Promise<void> {
    if (!life.exited) {
      await node('stop').catch(() => child.kill('SIGTERM'));
      await new Promise<void>((resolve) => {
        if (life.exited) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
      });
    }
    rmSync(dir, { recursive: true, force: true });
  }

  let minerAddress: string;
  let regtestGenesis: string;
  try {
    // Up once its RPC answers (it says "loading" a moment first).
    for (let attempt = 0; ; attempt++) {
      if (life.exited) throw new Error(`litecoind did not start (${life.error?.message ?? 'it exited'}); install it: apt-get install litecoind`);
      try {
        await node('getblockchaininfo');
        break;
      } catch (error) {
        if (attempt > 300) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await node('createwallet', ['presale']);
    await node('createwallet', ['mweb']);
    minerAddress = await wallet<string>('getnewaddress', ['', 'bech32']);
    // The first block's reward (the MWEB wallet's) matures after 100 more; then MWEB is activated
    // with its peg-in, and confirmed.
    await node('generatetoaddress', [1, await mwebWallet<string>('getnewaddress', ['', 'bech32'])]);
    await node('generatetoaddress', [BEFORE_MWEB - 1, minerAddress]);
    const { softforks } = await node<{ softforks: { mweb?: { active: boolean } } }>('getblockchaininfo');
    if (!softforks.mweb?.active) throw new Error(`MWEB is not active after block ${BEFORE_MWEB}`);
    await mwebWallet('sendtoaddress', [await mwebWallet<string>('getnewaddress', ['', 'mweb']), 1]);
    await node('generatetoaddress', [1, minerAddress]);
    regtestGenesis = await node<string>('getblockhash', [0]);
  } catch (error) {
    await stopNode();
    throw error;
  }
  const mine = (count = 1) => node<string[]>('generatetoaddress', [count, minerAddress]);
  const out = (hash: string) => (hash === regtestGenesis ? GENESIS_HASHES.litecoin : hash);
  const into = (hash: string) => (hash === GENESIS_HASHES.litecoin ? regtestGenesis : hash);

  const blocks = new Map<string, RpcBlock>();
  async function blockOf(hash: string): Promise<RpcBlock | null> {
    const known = blocks.get(hash);
    if (known) return known;
    let found: Omit<RpcBlock, 'tx'> & { tx: CoreTx[] };
    try {
      found = await node('getblock', [hash, 2]);
    } catch {
      return null;
    }
    // Core lists transactions wholly inside MWEB in the block's `mweb` part, not here; MWEB's inputs
    // and outputs of the others are left out, as everywhere.
    const block = { ...found, tx: found.tx.map(canonical).filter((t): t is RpcTx => t !== null) };
    blocks.set(hash, block);
    return block;
  }
  /** The best chain's blocks, newest first. */
  async function bestChain(): Promise<RpcBlock[]> {
    const chain: RpcBlock[] = [];
    for (let hash: string | undefined = await node<string>('getbestblockhash'); hash; ) {
      const block = await blockOf(hash);
      if (!block) break;
      chain.push(block);
      hash = block.previousblockhash;
    }
    return chain;
  }
  async function mempoolTxs(): Promise<RpcTx[]> {
    const txids = await node<string[]>('getrawmempool');
    const found = await Promise.all(txids.map((txid) => node<CoreTx>('getrawtransaction', [txid, true]).catch(() => null)));
    return found.map((t) => t && canonical(t)).filter((t): t is RpcTx => t !== null);
  }
  const pays = (tx: RpcTx, address: string) => tx.vout.some((o) => mainAddress(o.scriptPubKey.hex) === address);

  function txJson(tx: RpcTx, block: { hash: string; height: number; time: number } | null): Record<string, unknown> {
    return {
      txid: tx.txid,
      vin: tx.vin.map((i) =>
        i.coinbase !== undefined
          ? { txid: '0'.repeat(64), vout: 0xffffffff, is_coinbase: true, sequence: i.sequence, prevout: null }
          : { txid: i.txid, vout: i.vout, is_coinbase: false, sequence: i.sequence },
      ),
      vout: tx.vout.map((o) => {
        const address = mainAddress(o.scriptPubKey.hex);
        return { scriptpubkey_type: SCRIPT_TYPES[o.scriptPubKey.type] ?? 'unknown', ...(address ? { scriptpubkey_address: address } : {}), value: Number(o.value) };
      }),
      status: block ? { confirmed: true, block_height: block.height, block_hash: out(block.hash), block_time: block.time } : { confirmed: false },
    };
  }
  const blockJson = (b: RpcBlock) => ({ id: out(b.hash), height: b.height, previousblockhash: b.previousblockhash ? out(b.previousblockhash) : null, timestamp: b.time, tx_count: b.tx.length });

  async function confirmedHistory(address: string): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    for (const block of await bestChain()) {
      for (let i = block.tx.length - 1; i >= 0; i--) {
        const tx = block.tx[i];
        if (tx && pays(tx, address)) found.push(txJson(tx, block));
      }
    }
    return found;
  }
  async function unconfirmedHistory(address: string): Promise<Record<string, unknown>[]> {
    return (await mempoolTxs())
      .filter((t) => pays(t, address))
      .slice(0, MEMPOOL_LIMIT)
      .map((t) => txJson(t, null));
  }
  async function txStatus(txid: string): Promise<{ tx: RpcTx; block: RpcBlock | null } | null> {
    const found = await node<CoreTx>('getrawtransaction', [txid, true]).catch(() => null);
    const tx = found && canonical(found);
    if (!tx) return null;
    const block = tx.blockhash ? await blockOf(tx.blockhash) : null;
    // A transaction of a block that left the best chain, and not back in the mempool, is gone.
    if (block && (await node<string>('getblockhash', [block.height]).catch(() => null)) !== block.hash) return null;
    return { tx, block };
  }

  type Answer = { status: number; json?: unknown; text?: string };
  const notFound = (text: string): Answer => ({ status: 404, text });
  async function answer(path: string): Promise<Answer> {
    const p = path.split('/').slice(1);
    const is = (...parts: (string | null)[]) => parts.length === p.length && parts.every((part, i) => part === null || part === p[i]);
    if (is('blocks', 'tip', 'hash')) return { status: 200, text: out(await node<string>('getbestblockhash')) };
    if (is('blocks', 'tip', 'height')) return { status: 200, text: String(await node<number>('getblockcount')) };
    if (is('block-height', null)) {
      const hash = /^\d+$/.test(p[1] ?? '') ? await node<string>('getblockhash', [Number(p[1])]).catch(() => null) : null;
      return hash ? { status: 200, text: out(hash) } : notFound('Block not found');
    }
    if (is('block', null)) {
      const block = await blockOf(into(p[1] ?? ''));
      return block ? { status: 200, json: blockJson(block) } : notFound('Block not found');
    }
    if (is('block', null, 'txs', null)) {
      const block = await blockOf(into(p[1] ?? ''));
      if (!block) return notFound('Block not found');
      const start = Number(p[3]);
      if (!Number.isInteger(start) || start % PAGE !== 0) return { status: 400, text: `start index must be a multiple of ${PAGE}` };
      return { status: 200, json: block.tx.slice(start, start + PAGE).map((t) => txJson(t, block)) };
    }
    if (is('address', null, 'txs')) {
      const address = p[1] ?? '';
      return { status: 200, json: [...(await unconfirmedHistory(address)), ...(await confirmedHistory(address)).slice(0, PAGE)] };
    }
    if (is('address', null, 'txs', 'chain', null)) {
      const history = await confirmedHistory(p[1] ?? '');
      const after = history.findIndex((t) => t.txid === p[4]) + 1;
      return { status: 200, json: after === 0 ? [] : history.slice(after, after + PAGE) };
    }
    if (is('address', null, 'txs', 'mempool')) return { status: 200, json: await unconfirmedHistory(p[1] ?? '') };
    if (is('tx', null)) {
      const found = await txStatus(p[1] ?? '');
      return found ? { status: 200, json: txJson(found.tx, found.block) } : notFound('Transaction not found');
    }
    if (is('tx', null, 'status')) {
      const found = await txStatus(p[1] ?? '');
      const block = found?.block;
      return { status: 200, json: block ? { confirmed: true, block_height: block.height, block_hash: out(block.hash), block_time: block.time } : { confirmed: false } };
    }
    return notFound('Not found');
  }

  const http: Server = createHttpServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    void answer(req.method === 'GET' ? path : '/')
      .catch((error: unknown): Answer => ({ status: 500, text: error instanceof Error ? error.message : String(error) }))
      .then((a) => {
        res.writeHead(a.status, { 'content-type': a.json === undefined ? 'text/plain' : 'application/json' });
        res.end(a.json === undefined ? (a.text ?? '') : JSON.stringify(a.json));
      });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));

  return {
    esploraUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    rpc: wallet,
    mine,
    sendInsideMweb: async () => {
      const txid = await mwebWallet<string>('sendtoaddress', [await mwebWallet<string>('getnewaddress', ['', 'mweb']), '0.1']);
      if (canonical(await node<CoreTx>('getrawtransaction', [txid, true]))) throw new Error(`${txid} has a canonical part`);
      return txid;
    },
    stop: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await stopNode();
    },
  };
}
