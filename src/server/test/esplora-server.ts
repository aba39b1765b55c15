// An Esplora-compatible HTTP server on loopback that serves an in-memory chain, for tests: there is no
// Bitcoin node here. Transactions are real: tests build and sign them with @scure/btc-signer (the
// TestWallet below holds keys generated for the test and nothing else) and the server decodes the
// raw bytes to compute txids, output addresses, values and sequence numbers, as electrs does from the
// node's blocks. Inputs must spend known, unspent outputs, so a double spend is refused unless a test
// asks for a replacement.
//
// Beyond serving, tests drive the chain: mine blocks, replace a mempool transaction (RBF), drop one,
// reorganise (orphan the last N blocks and mine others), and inject faults (500s, hangs, malformed
// JSON, dropped connections). Every request is counted per route for the "API calls per block" figures.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, p2wpkh, Transaction, utils } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { CHAINS, GENESIS_HASHES, UTXO_CHAINS, type UtxoChain } from '@/domain/utxo/chains';

export type Fault = 'error' | 'malformed' | 'hang' | 'reset' | 'rate-limit';

interface StoredOutput {
  script: Uint8Array;
  address: string | null;
  type: string;
  units: bigint;
}

interface StoredInput {
  txid: string;
  vout: number;
  sequence: number;
  coinbase: boolean;
  scriptSig: Uint8Array;
  witness: Uint8Array[];
}

interface StoredTx {
  txid: string;
  raw: Uint8Array;
  inputs: StoredInput[];
  outputs: StoredOutput[];
  /** The block holding it on the best chain, if any. */
  block: string | null;
}

interface Block {
  hash: string;
  height: number;
  previousHash: string | null;
  time: number;
  txids: string[];
}

export interface Utxo {
  txid: string;
  vout: number;
  units: bigint;
  script: Uint8Array;
}

export interface EsploraTestServer {
  readonly url: string;
  readonly network: BTC_NETWORK;
  /** Requests served, per route: 'GET /blocks/tip/hash', 'GET /address/:address/txs', … */
  readonly calls: Map<string, number>;
  /** All requests served since the start or the last `resetCounts()`. */
  requests(): number;
  resetCounts(): void;
  tip(): { height: number; hash: string };
  /** Mines a block whose coinbase pays `units` to `address`, and returns that output to spend. */
  fund(address: string, units: bigint): Utxo;
  /** Adds a signed transaction (hex) to the mempool, as POST /tx does, and returns its txid. */
  broadcast(rawHex: string): string;
  /** Replaces a mempool transaction (and what spends it) by one that spends one of its inputs (BIP-125). */
  replace(txid: string, rawHex: string): string;
  /** Removes a mempool transaction and what spends it, as a node evicting it would. */
  drop(txid: string): void;
  /**
   * Mines `count` blocks; the first takes the whole mempool, or only `txids` when given. With `time`
   * (seconds since the epoch) the first block carries that time, and those after it follow 10 minutes apart.
   */
  mine(count?: number, options?: { txids?: readonly string[]; time?: number }): string[];
  /**
   * Orphans the last `depth` blocks and mines `blocks` others. Their transactions go back to the
   * mempool (as a node returns them), except those in `drop` and what spends them; the first new block
   * takes the mempool back unless `include` is 'none'.
   */
  reorg(depth: number, options?: { blocks?: number; drop?: readonly string[]; include?: 'mempool' | 'none' }): string[];
  /** The next `times` requests whose path starts with `pathPrefix` (any, when omitted) meet `fault`. */
  inject(fault: Fault, options?: { times?: number; pathPrefix?: string }): void;
  close(): Promise<void>;
}

const TX_OPTS = { allowUnknownInputs: true, allowUnknownOutputs: true, disableScriptCheck: true, allowLegacyWitnessUtxo: true } as const;
const ZERO_TXID = '0'.repeat(64);
const COINBASE_INDEX = 0xffffffff;
const PAGE = 25;
const MEMPOOL_LIMIT = 50;
// Where blocks mined by the test chain send their reward: a fixed, unspendable-by-anyone P2WPKH.
const MINER_SCRIPT = hex.decode('0014' + '00'.repeat(20));

/** The main network whose address parameters `network` has, if it is one of the paid chains. */
function mainChainOf(network: BTC_NETWORK): UtxoChain | undefined {
  return UTXO_CHAINS.find((c) => CHAINS[c].network.pubKeyHash === network.pubKeyHash && CHAINS[c].network.bech32 === network.bech32);
}

/**
 * Starts the server with `height` + 1 blocks. Its first block carries the real genesis hash of the
 * main network whose addresses it writes (Bitcoin's by default), as the payment settings check, or
 * `genesisHash` when a test plays another chain.
 */
export async function startEsploraServer(options: { network?: BTC_NETWORK; height?: number; genesisHash?: string } = {}): Promise<EsploraTestServer> {
  const network = options.network ?? NETWORK;
  const main = mainChainOf(network);
  const genesisHash = options.genesisHash ?? (main ? GENESIS_HASHES[main] : undefined);
  const addressCodec = Address(network);
  const txs = new Map<string, StoredTx>();
  const blocksByHash = new Map<string, Block>();
  const chain: Block[] = [];
  const mempool: string[] = [];
  /** "txid:vout" → the txid spending it, in the best chain or the mempool. */
  const spentBy = new Map<string, string>();
  const calls = new Map<string, number>();
  const faults: { fault: Fault; left: number; pathPrefix: string }[] = [];
  const hanging = new Set<ServerResponse>();
  let requests = 0;
  let clock = 1_700_000_000;
  let nonce = 0;

  // ── Transactions ─────────────────────────────────────────────────────────────────────────────
  function decode(raw: Uint8Array): StoredTx {
    const tx = Transaction.fromRaw(raw, TX_OPTS);
    const inputs: StoredInput[] = [];
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i);
      const txid = input.txid ? hex.encode(input.txid) : ZERO_TXID;
      const vout = input.index ?? 0;
      inputs.push({
        txid,
        vout,
        sequence: input.sequence ?? 0xffffffff,
        coinbase: txid === ZERO_TXID && vout === COINBASE_INDEX,
        scriptSig: input.finalScriptSig ?? new Uint8Array(),
        witness: input.finalScriptWitness ?? [],
      });
    }
    const outputs: StoredOutput[] = [];
    for (let i = 0; i < tx.outputsLength; i++) {
      const output = tx.getOutput(i);
      if (!output.script || output.amount === undefined) throw new Error(`output ${i} has no script or amount`);
      outputs.push({ script: output.script, units: output.amount, ...describeScript(output.script) });
    }
    return { txid: tx.id, raw, inputs, outputs, block: null };
  }

  function describeScript(script: Uint8Array): { address: string | null; type: string } {
    try {
      const decoded = OutScript.decode(script);
      const type = { pkh: 'p2pkh', sh: 'p2sh', wpkh: 'v0_p2wpkh', wsh: 'v0_p2wsh', tr: 'v1_p2tr' }[decoded.type as string];
      if (!type) return { address: null, type: script[0] === 0x6a ? 'op_return' : 'unknown' };
      return { address: addressCodec.encode(decoded), type };
    } catch {
      return { address: null, type: script[0] === 0x6a ? 'op_return' : 'unknown' };
    }
  }

  function outputOf(txid: string, vout: number): StoredOutput | undefined {
    return txs.get(txid)?.outputs[vout];
  }

  /** Checks that every input spends a known output nobody else spends, then records the spends. */
  function accept(tx: StoredTx): void {
    if (txs.has(tx.txid) && (txs.get(tx.txid)?.block !== null || mempool.includes(tx.txid))) throw new Error(`txn-already-known: ${tx.txid}`);
    let inputUnits = 0n;
    for (const input of tx.inputs) {
      if (input.coinbase) throw new Error('a coinbase transaction cannot be broadcast');
      const spent = outputOf(input.txid, input.vout);
      if (!spent || !isLive(input.txid)) throw new Error(`bad-txns-inputs-missingorspent: ${input.txid}:${input.vout}`);
      const by = spentBy.get(`${input.txid}:${input.vout}`);
      if (by !== undefined) throw new Error(`txn-mempool-conflict: ${input.txid}:${input.vout} is spent by ${by}`);
      inputUnits += spent.units;
    }
    const outputUnits = tx.outputs.reduce((sum, o) => sum + o.units, 0n);
    if (outputUnits > inputUnits) throw new Error('bad-txns-in-belowout');
    txs.set(tx.txid, tx);
    for (const input of tx.inputs) spentBy.set(`${input.txid}:${input.vout}`, tx.txid);
    mempool.push(tx.txid);
  }

  /** In the best chain or in the mempool. */
  function isLive(txid: string): boolean {
    const tx = txs.get(txid);
    return tx !== undefined && (tx.block !== null || mempool.includes(txid));
  }

  /** Removes a mempool transaction and, first, everything in the mempool that spends its outputs. */
  function evict(txid: string): void {
    const tx = txs.get(txid);
    if (!tx || tx.block !== null) return;
    for (const [outpoint, by] of [...spentBy]) if (outpoint.startsWith(`${txid}:`)) evict(by);
    const at = mempool.indexOf(txid);
    if (at >= 0) mempool.splice(at, 1);
    for (const input of tx.inputs) if (spentBy.get(`${input.txid}:${input.vout}`) === txid) spentBy.delete(`${input.txid}:${input.vout}`);
  }

  // ── Blocks ───────────────────────────────────────────────────────────────────────────────────
  function coinbase(height: number, script: Uint8Array, units: bigint): StoredTx {
    const tx = new Transaction(TX_OPTS);
    tx.addOutput({ script, amount: units });
    // BIP-34 puts the height first in the coinbase script, which makes every coinbase txid unique.
    const tag = new TextEncoder().encode(`presale-test-${height}-${nonce++}`);
    tx.addInput({ txid: new Uint8Array(32), index: COINBASE_INDEX, sequence: 0xffffffff, finalScriptSig: new Uint8Array([4, ...u32le(height), tag.length, ...tag]) });
    return decode(tx.toBytes(true, true));
  }

  function mineOne(include: readonly string[], reward?: { script: Uint8Array; units: bigint }): Block {
    const previous = chain.at(-1) ?? null;
    const height = previous ? previous.height + 1 : 0;
    const base = coinbase(height, reward?.script ?? MINER_SCRIPT, reward?.units ?? 312_500_000n);
    const hash = height === 0 && genesisHash ? genesisHash : hex.encode(sha256(new TextEncoder().encode(`${previous?.hash ?? 'genesis'}/${height}/${nonce++}`)));
    clock += 600;
    const block: Block = { hash, height, previousHash: previous?.hash ?? null, time: clock, txids: [base.txid] };
    txs.set(base.txid, base);
    base.block = hash;
    // Parents before children: the mempool keeps broadcast order, and a child is broadcast after its parent.
    for (const txid of mempool.filter((t) => include.includes(t))) {
      const tx = txs.get(txid);
      if (!tx) continue;
      tx.block = hash;
      block.txids.push(txid);
    }
    for (const txid of block.txids) {
      const at = mempool.indexOf(txid);
      if (at >= 0) mempool.splice(at, 1);
    }
    chain.push(block);
    blocksByHash.set(hash, block);
    return block;
  }

  function disconnectTip(): Block {
    const block = chain.pop();
    if (!block) throw new Error('nothing to disconnect');
    blocksByHash.delete(block.hash);
    // Back to the mempool in block order, as a node does; the coinbase vanishes with its block.
    const returning: string[] = [];
    for (const txid of block.txids) {
      const tx = txs.get(txid);
      if (!tx) continue;
      tx.block = null;
      if (tx.inputs[0]?.coinbase) {
        for (const [outpoint, by] of [...spentBy]) if (outpoint.startsWith(`${txid}:`)) orphanSpender(by);
        continue;
      }
      returning.push(txid);
    }
    mempool.unshift(...returning);
    return block;
  }

  /** A transaction whose funding vanished with a block: it goes, with what spends it. */
  function orphanSpender(txid: string): void {
    const tx = txs.get(txid);
    if (!tx) return;
    tx.block = null;
    if (!mempool.includes(txid)) mempool.push(txid);
    evict(txid);
  }

  for (let i = 0; i <= (options.height ?? 100); i++) mineOne([]);

  // ── JSON as Esplora writes it ────────────────────────────────────────────────────────────────
  function txJson(tx: StoredTx): Record<string, unknown> {
    const block = tx.block ? blocksByHash.get(tx.block) : undefined;
    const prevouts = tx.inputs.map((i) => (i.coinbase ? undefined : outputOf(i.txid, i.vout)));
    const inUnits = prevouts.reduce((sum, p) => sum + (p?.units ?? 0n), 0n);
    const outUnits = tx.outputs.reduce((sum, o) => sum + o.units, 0n);
    return {
      txid: tx.txid,
      version: 2,
      locktime: 0,
      vin: tx.inputs.map((input, i) => ({
        txid: input.txid,
        vout: input.vout,
        prevout: prevouts[i] ? outputJson(prevouts[i]) : null,
        scriptsig: hex.encode(input.scriptSig),
        scriptsig_asm: '',
        ...(input.witness.length > 0 ? { witness: input.witness.map((w) => hex.encode(w)) } : {}),
        is_coinbase: input.coinbase,
        sequence: input.sequence,
      })),
      vout: tx.outputs.map(outputJson),
      size: tx.raw.length,
      weight: tx.raw.length * 4,
      fee: tx.inputs[0]?.coinbase ? 0n : inUnits - outUnits,
      status: block ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time } : { confirmed: false },
    };
  }

  function outputJson(o: StoredOutput): Record<string, unknown> {
    return { scriptpubkey: hex.encode(o.script), scriptpubkey_asm: '', scriptpubkey_type: o.type, ...(o.address ? { scriptpubkey_address: o.address } : {}), value: o.units };
  }

  function blockJson(b: Block): Record<string, unknown> {
    return {
      id: b.hash,
      height: b.height,
      version: 0x20000000,
      timestamp: b.time,
      tx_count: b.txids.length,
      size: 1000,
      weight: 4000,
      merkle_root: '00'.repeat(32),
      previousblockhash: b.previousHash,
      mediantime: b.time,
      nonce: 0,
      bits: 0x207fffff,
      difficulty: 1,
    };
  }

  function touches(tx: StoredTx, address: string): boolean {
    return tx.outputs.some((o) => o.address === address) || tx.inputs.some((i) => !i.coinbase && outputOf(i.txid, i.vout)?.address === address);
  }

  /** Confirmed history of an address, newest first (by height, then by position in the block). */
  function chainHistory(address: string): StoredTx[] {
    const found: StoredTx[] = [];
    for (let h = chain.length - 1; h >= 0; h--) {
      const block = chain[h];
      if (!block) continue;
      for (let i = block.txids.length - 1; i >= 0; i--) {
        const tx = txs.get(block.txids[i] ?? '');
        if (tx && touches(tx, address)) found.push(tx);
      }
    }
    return found;
  }

  function mempoolHistory(address: string): StoredTx[] {
    return [...mempool]
      .reverse()
      .map((t) => txs.get(t))
      .filter((t): t is StoredTx => t !== undefined && touches(t, address))
      .slice(0, MEMPOOL_LIMIT);
  }

  // ── HTTP ─────────────────────────────────────────────────────────────────────────────────────
  type Answer = { status: number; json?: unknown; text?: string };
  const notFound = (text: string): Answer => ({ status: 404, text });

  function route(method: string, path: string, body: string): { name: string; answer: () => Answer } {
    const p = path.split('/').slice(1);
    const is = (...parts: (string | null)[]) => parts.length === p.length && parts.every((part, i) => part === null || part === p[i]);
    if (method === 'GET' && is('blocks', 'tip', 'hash')) return { name: 'GET /blocks/tip/hash', answer: () => ({ status: 200, text: chain.at(-1)?.hash ?? '' }) };
    if (method === 'GET' && is('blocks', 'tip', 'height')) return { name: 'GET /blocks/tip/height', answer: () => ({ status: 200, text: String(chain.length - 1) }) };
    if (method === 'GET' && is('block-height', null))
      return {
        name: 'GET /block-height/:height',
        answer: () => {
          const block = /^\d+$/.test(p[1] ?? '') ? chain[Number(p[1])] : undefined;
          return block ? { status: 200, text: block.hash } : notFound('Block not found');
        },
      };
    if (method === 'GET' && is('block', null))
      return {
        name: 'GET /block/:hash',
        answer: () => {
          const block = blocksByHash.get(p[1] ?? '');
          return block ? { status: 200, json: blockJson(block) } : notFound('Block not found');
        },
      };
    if (method === 'GET' && is('block', null, 'txids'))
      return {
        name: 'GET /block/:hash/txids',
        answer: () => {
          const block = blocksByHash.get(p[1] ?? '');
          return block ? { status: 200, json: block.txids } : notFound('Block not found');
        },
      };
    if (method === 'GET' && (is('block', null, 'txs') || is('block', null, 'txs', null)))
      return {
        name: 'GET /block/:hash/txs/:start',
        answer: () => {
          const block = blocksByHash.get(p[1] ?? '');
          if (!block) return notFound('Block not found');
          const start = Number(p[3] ?? '0');
          if (!Number.isInteger(start) || start % PAGE !== 0) return { status: 400, text: `start index must be a multiple of ${PAGE}` };
          return { status: 200, json: block.txids.slice(start, start + PAGE).map((t) => txJson(txs.get(t) as StoredTx)) };
        },
      };
    if (method === 'GET' && is('address', null, 'txs'))
      return {
        name: 'GET /address/:address/txs',
        answer: () => ({ status: 200, json: [...mempoolHistory(p[1] ?? ''), ...chainHistory(p[1] ?? '').slice(0, PAGE)].map(txJson) }),
      };
    if (method === 'GET' && (is('address', null, 'txs', 'chain') || is('address', null, 'txs', 'chain', null)))
      return {
        name: 'GET /address/:address/txs/chain/:last_seen',
        answer: () => {
          const history = chainHistory(p[1] ?? '');
          const after = p[4] === undefined ? 0 : history.findIndex((t) => t.txid === p[4]) + 1;
          return { status: 200, json: (after === 0 && p[4] !== undefined ? [] : history.slice(after, after + PAGE)).map(txJson) };
        },
      };
    if (method === 'GET' && is('address', null, 'txs', 'mempool'))
      return { name: 'GET /address/:address/txs/mempool', answer: () => ({ status: 200, json: mempoolHistory(p[1] ?? '').map(txJson) }) };
    if (method === 'GET' && is('tx', null))
      return {
        name: 'GET /tx/:txid',
        answer: () => {
          const tx = txs.get(p[1] ?? '');
          return tx && isLive(tx.txid) ? { status: 200, json: txJson(tx) } : notFound('Transaction not found');
        },
      };
    if (method === 'GET' && is('tx', null, 'status'))
      return {
        name: 'GET /tx/:txid/status',
        answer: () => {
          // As electrs does: a transaction it does not know is reported unconfirmed, not missing.
          const tx = txs.get(p[1] ?? '');
          const block = tx?.block ? blocksByHash.get(tx.block) : undefined;
          return { status: 200, json: block ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: block.time } : { confirmed: false } };
        },
      };
    if (method === 'GET' && is('tx', null, 'hex'))
      return {
        name: 'GET /tx/:txid/hex',
        answer: () => {
          const tx = txs.get(p[1] ?? '');
          return tx && isLive(tx.txid) ? { status: 200, text: hex.encode(tx.raw) } : notFound('Transaction not found');
        },
      };
    if (method === 'POST' && is('tx'))
      return {
        name: 'POST /tx',
        answer: () => {
          try {
            return { status: 200, text: server.broadcast(body.trim()) };
          } catch (error) {
            return { status: 400, text: `sendrawtransaction RPC error: ${error instanceof Error ? error.message : String(error)}` };
          }
        },
      };
    return { name: `${method} (unknown)`, answer: () => notFound('Not found') };
  }

  function send(res: ServerResponse, answer: Answer): void {
    if (answer.json !== undefined) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(stringify(answer.json));
    } else {
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.text ?? '');
    }
  }

  function applyFault(fault: Fault, res: ServerResponse, answer: () => Answer): void {
    switch (fault) {
      case 'error':
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal server error');
        return;
      case 'rate-limit':
        res.writeHead(429, { 'content-type': 'text/plain', 'retry-after': '1' });
        res.end('Too Many Requests');
        return;
      case 'malformed': {
        // A 200 whose body is cut short, as a proxy that gave up half-way sends it.
        const whole = answer();
        const text = whole.json !== undefined ? stringify(whole.json) : `<html>${whole.text ?? ''}`;
        res.writeHead(200, { 'content-type': whole.json !== undefined ? 'application/json' : 'text/plain' });
        res.end(whole.json !== undefined ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text);
        return;
      }
      case 'hang':
        hanging.add(res);
        return;
      case 'reset':
        res.socket?.destroy();
        return;
    }
  }

  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const path = new URL(req.url ?? '/', 'http://esplora').pathname;
      const { name, answer } = route(req.method ?? 'GET', path, Buffer.concat(chunks).toString());
      calls.set(name, (calls.get(name) ?? 0) + 1);
      const due = faults.find((f) => f.left > 0 && path.startsWith(f.pathPrefix));
      if (due) {
        due.left--;
        applyFault(due.fault, res, answer);
        return;
      }
      send(res, answer());
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  const server: EsploraTestServer = {
    url: `http://127.0.0.1:${port}`,
    network,
    calls,
    requests: () => requests,
    resetCounts: () => {
      requests = 0;
      calls.clear();
    },
    tip: () => {
      const tip = chain.at(-1);
      if (!tip) throw new Error('the chain is empty');
      return { height: tip.height, hash: tip.hash };
    },
    fund: (address, units) => {
      const script = OutScript.encode(addressCodec.decode(address));
      const block = mineOne([], { script, units });
      const txid = block.txids[0] ?? '';
      return { txid, vout: 0, units, script };
    },
    broadcast: (rawHex) => {
      const tx = decode(hex.decode(rawHex));
      accept(tx);
      return tx.txid;
    },
    replace: (txid, rawHex) => {
      const old = txs.get(txid);
      if (!old || !mempool.includes(txid)) throw new Error(`not in the mempool: ${txid}`);
      const replacement = decode(hex.decode(rawHex));
      const shared = replacement.inputs.some((i) => old.inputs.some((o) => o.txid === i.txid && o.vout === i.vout));
      if (!shared) throw new Error('a replacement spends at least one input of the transaction it replaces');
      evict(txid);
      accept(replacement);
      return replacement.txid;
    },
    drop: (txid) => {
      if (!mempool.includes(txid)) throw new Error(`not in the mempool: ${txid}`);
      evict(txid);
    },
    mine: (count = 1, options = {}) => {
      const hashes: string[] = [];
      if (options.time !== undefined) clock = options.time - 600;
      for (let i = 0; i < count; i++) hashes.push(mineOne(i === 0 ? (options.txids ?? [...mempool]) : []).hash);
      return hashes;
    },
    reorg: (depth, options = {}) => {
      if (depth < 1 || depth >= chain.length) throw new RangeError(`cannot orphan ${depth} blocks`);
      for (let i = 0; i < depth; i++) disconnectTip();
      for (const txid of options.drop ?? []) evict(txid);
      const hashes: string[] = [];
      const count = options.blocks ?? depth + 1;
      for (let i = 0; i < count; i++) hashes.push(mineOne(i === 0 && options.include !== 'none' ? [...mempool] : []).hash);
      return hashes;
    },
    inject: (fault, options = {}) => faults.push({ fault, left: options.times ?? 1, pathPrefix: options.pathPrefix ?? '/' }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
  return server;
}

/** JSON with bigints written as plain integers, however large, as Esplora writes satoshi values. */
function stringify(value: unknown): string {
  const marked = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `\u0000big:${v.toString()}` : v));
  return marked.replace(/"\\u0000big:(\d+)"/g, '$1');
}

function u32le(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

/**
 * A single-key P2WPKH wallet for tests. Its key is generated when the wallet is made, lives only in
 * the test process, and pays from coins the test chain mints for it.
 */
export class TestWallet {
  private readonly privateKey = utils.randomPrivateKeyBytes();
  readonly address: string;
  private readonly script: Uint8Array;

  constructor(
    private readonly server: EsploraTestServer,
    private readonly network: BTC_NETWORK = server.network,
  ) {
    const payment = p2wpkh(secp256k1.getPublicKey(this.privateKey, true), network);
    if (!payment.address) throw new Error('P2WPKH always has an address');
    this.address = payment.address;
    this.script = payment.script;
  }

  /** A coin of `units` for this wallet, minted in a block of its own. */
  fund(units: bigint): Utxo {
    return this.server.fund(this.address, units);
  }

  /**
   * A signed transaction spending `coin` to `outputs`, the rest (less `fee`) back to the wallet.
   * `rbf` sets the input's sequence to 0xfffffffd (BIP-125 signalling); otherwise 0xffffffff.
   */
  pay(coin: Utxo, outputs: readonly { address: string; units: bigint }[], options: { fee?: bigint; rbf?: boolean } = {}): { hex: string; txid: string } {
    const tx = new Transaction();
    tx.addInput({ txid: coin.txid, index: coin.vout, witnessUtxo: { script: coin.script, amount: coin.units }, sequence: options.rbf ? 0xfffffffd : 0xffffffff });
    let spent = options.fee ?? 1_000n;
    for (const o of outputs) {
      tx.addOutputAddress(o.address, o.units, this.network);
      spent += o.units;
    }
    if (spent > coin.units) throw new Error('the coin is too small for these outputs');
    if (coin.units - spent > 0n) tx.addOutput({ script: this.script, amount: coin.units - spent });
    tx.sign(this.privateKey);
    tx.finalize();
    return { hex: tx.hex, txid: tx.id };
  }

  /** Builds, signs and broadcasts; returns the txid. */
  send(coin: Utxo, outputs: readonly { address: string; units: bigint }[], options: { fee?: bigint; rbf?: boolean } = {}): string {
    return this.server.broadcast(this.pay(coin, outputs, options).hex);
  }
}
