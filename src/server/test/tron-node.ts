// A TronGrid-compatible HTTP server on loopback that serves an in-memory TRON chain, for tests: there
// is no java-tron in Debian. Transactions are real: tests build and sign them offline with `tronweb`
// (TronTestWallet holds a key generated for the test and nothing else), and the node checks each one
// as a full node would before taking it: its id is the SHA-256 of its raw data, and its signature
// recovers to its owner. Mining runs the TRC-20 contracts it knows (balances per holder): a transfer
// beyond the sender's balance reverts, with a failed receipt and no Transfer log, as on the chain.
//
// Tests drive the chain: mine blocks (at a given time), reorganise the last blocks away, and inject
// faults (500, 429, a truncated answer, a hang). Every request is counted per path.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { TronWeb, utils as tronUtils } from 'tronweb';
import { TRON_GENESIS } from '../modules/payments/tron/tron-scanner';

export type TronFault = 'error' | 'malformed' | 'hang' | 'rate-limit';

/** A transaction as tronweb builds and signs it (`visible: false`: addresses in hex). */
export interface SignedTx {
  txID: string;
  raw_data: { contract: { type: string; parameter: { value: Record<string, unknown>; type_url: string } }[]; timestamp: number; expiration: number; ref_block_bytes: string; ref_block_hash: string; fee_limit?: number };
  raw_data_hex: string;
  signature: string[];
  visible: boolean;
}

interface Outcome {
  result: 'SUCCESS' | 'REVERT' | null;
  log: { address: string; topics: string[]; data: string }[];
}

interface Block {
  id: string;
  number: number;
  parentHash: string;
  timestamp: number;
  txs: { tx: SignedTx; outcome: Outcome }[];
}

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** TRON main net's genesis block: its parent hash and time, as the network serves them. */
const GENESIS_PARENT = 'e58f33f9baf9305dc6f82b9f1934ea8f0ade2defb951258d50167028c780351f';
const GENESIS_TIME = 1529891469000;
/** TRON makes a block every 3 seconds. */
const BLOCK_MS = 3000;

const hex41 = (address: string) => TronWeb.address.toHex(address).toLowerCase();
const word = (hex: string) => hex.padStart(64, '0');

export interface TronTestNode {
  readonly url: string;
  /** Requests per path. */
  readonly calls: Map<string, number>;
  /** The TronGrid API keys (TRON-PRO-API-KEY headers) requests carried. */
  readonly apiKeys: Set<string>;
  head(): number;
  /** A TRC-20 contract the node runs, with its holders' balances in base units. */
  deployToken(contract: string, balances: Record<string, bigint>): void;
  /** Takes a signed transaction into the pool: refused unless its id and signature are right. */
  broadcast(tx: SignedTx): void;
  /** Mines `count` blocks, the first holding the pool; `at` sets the first one's time (ms). */
  mine(count?: number, at?: number): void;
  /** Drops the last `depth` blocks and mines `depth + 1` empty ones in their place: their transactions are gone. */
  reorganise(depth: number): void;
  /** Answers as a node `blocks` behind would (a provider serving stale data), until set back to 0. */
  lag(blocks: number): void;
  /** The next `times` requests (whose path starts with `pathPrefix`, if given) meet `fault`. */
  inject(fault: TronFault, options?: { times?: number; pathPrefix?: string }): void;
  close(): Promise<void>;
}

export async function startTronNode(options: { height?: number; genesis?: string } = {}): Promise<TronTestNode> {
  const chain: Block[] = [];
  const pool: SignedTx[] = [];
  const tokens = new Map<string, Map<string, bigint>>();
  const calls = new Map<string, number>();
  const apiKeys = new Set<string>();
  const faults: { fault: TronFault; left: number; pathPrefix: string }[] = [];
  const hanging = new Set<ServerResponse>();
  let nonce = 0;
  let lagging = 0;

  function addBlock(txs: SignedTx[], at?: number): void {
    const parent = chain.at(-1);
    const number = parent ? parent.number + 1 : 0;
    const timestamp = at ?? (parent ? parent.timestamp + BLOCK_MS : GENESIS_TIME);
    const id = number === 0 ? (options.genesis ?? TRON_GENESIS) : number.toString(16).padStart(16, '0') + bytesToHex(sha256(utf8ToBytes(`${parent?.id ?? ''}/${number}/${nonce++}`))).slice(16);
    chain.push({ id, number, parentHash: parent?.id ?? GENESIS_PARENT, timestamp, txs: txs.map((tx) => ({ tx, outcome: run(tx) })) });
  }

  /** What the transaction does when mined: TRX moves; a TRC-20 transfer moves tokens if the sender holds them. */
  function run(tx: SignedTx): Outcome {
    const contract = tx.raw_data.contract[0];
    if (contract?.type !== 'TriggerSmartContract') return { result: null, log: [] };
    const v = contract.parameter.value as { owner_address: string; contract_address: string; data: string };
    const balances = tokens.get(v.contract_address.toLowerCase());
    const to = `41${v.data.slice(8 + 24, 8 + 64)}`;
    const units = BigInt(`0x${v.data.slice(8 + 64, 8 + 128)}`);
    const from = v.owner_address.toLowerCase();
    const held = balances?.get(from) ?? 0n;
    if (!balances || !v.data.startsWith('a9059cbb') || held < units) return { result: 'REVERT', log: [] };
    balances.set(from, held - units);
    balances.set(to, (balances.get(to) ?? 0n) + units);
    return { result: 'SUCCESS', log: [{ address: v.contract_address.slice(2), topics: [TRANSFER_TOPIC, word(from.slice(2)), word(to.slice(2))], data: word(units.toString(16)) }] };
  }

  /** A block as java-tron writes it: fields at their default (number 0, no transactions) left out. */
  function blockJson(block: Block) {
    const raw: Record<string, unknown> = { txTrieRoot: '0'.repeat(64), witness_address: '41'.padEnd(42, '0'), parentHash: block.parentHash, version: 30, timestamp: block.timestamp };
    if (block.number > 0) raw.number = block.number;
    const json: Record<string, unknown> = { blockID: block.id, block_header: { raw_data: raw, witness_signature: '00'.repeat(65) } };
    if (block.txs.length > 0) {
      json.transactions = block.txs.map(({ tx, outcome }) => ({ ret: [{ contractRet: outcome.result ?? 'SUCCESS' }], signature: tx.signature, txID: tx.txID, raw_data: tx.raw_data, raw_data_hex: tx.raw_data_hex }));
    }
    return json;
  }

  function infoJson(txid: string) {
    for (const block of chain) {
      const found = block.txs.find((t) => t.tx.txID === txid);
      if (!found) continue;
      const base = { id: txid, blockNumber: block.number, blockTimeStamp: block.timestamp };
      if (found.outcome.result === null) return { ...base, receipt: { net_usage: 267 } };
      if (found.outcome.result === 'REVERT') return { ...base, fee: 1_000_000, receipt: { energy_usage_total: 13_000, result: 'REVERT' }, result: 'FAILED', resMessage: '' };
      return { ...base, fee: 345_000, contractResult: [word('1')], receipt: { energy_usage_total: 13_000, net_usage: 345, result: 'SUCCESS' }, log: found.outcome.log };
    }
    // An unknown (or reorganised-away) transaction: an empty object, as TronGrid answers.
    return {};
  }

  function answer(path: string, body: Record<string, unknown>): unknown {
    const seen = chain.slice(0, Math.max(1, chain.length - lagging));
    const head = seen.at(-1);
    switch (path) {
      case '/wallet/getnowblock':
        return head ? blockJson(head) : {};
      case '/wallet/getblockbynum': {
        const block = seen[Number(body.num ?? 0)];
        return block ? blockJson(block) : {};
      }
      case '/wallet/gettransactioninfobyid':
        return infoJson(typeof body.value === 'string' ? body.value : '');
      case '/wallet/getchainparameters':
        // Main net's prices in 2025, among parameters of no interest here (one left out at 0, as java-tron does).
        return { chainParameter: [{ key: 'getMaintenanceTimeInterval', value: 21_600_000 }, { key: 'getTransactionFee', value: 1000 }, { key: 'getAllowCreationOfContracts' }, { key: 'getEnergyFee', value: 210 }] };
      default:
        return undefined;
    }
  }

  function respond(res: ServerResponse, path: string, text: string): void {
    calls.set(path, (calls.get(path) ?? 0) + 1);
    const due = faults.find((f) => f.left > 0 && path.startsWith(f.pathPrefix));
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      res.writeHead(400).end('{"Error":"invalid json"}');
      return;
    }
    const result = answer(path, body);
    if (result === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    const json = JSON.stringify(result);
    if (due) {
      due.left--;
      if (due.fault === 'hang') {
        hanging.add(res);
        return;
      }
      if (due.fault === 'error') res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      else if (due.fault === 'rate-limit') res.writeHead(429, { 'content-type': 'application/json' }).end('{"Error":"request rate exceeded"}');
      // A 200 whose body is cut short, as a proxy that gave up half-way sends it.
      else res.writeHead(200, { 'content-type': 'application/json' }).end(json.slice(0, Math.floor(json.length / 2)));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(json);
  }

  const http: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    const key = req.headers['tron-pro-api-key'];
    if (typeof key === 'string') apiKeys.add(key);
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => respond(res, new URL(req.url ?? '/', 'http://tron').pathname, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  for (let i = 0; i <= (options.height ?? 10); i++) addBlock([]);

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    apiKeys,
    head: () => chain.at(-1)?.number ?? 0,
    deployToken(contract, balances) {
      tokens.set(hex41(contract), new Map(Object.entries(balances).map(([holder, units]) => [hex41(holder), units])));
    },
    broadcast(tx) {
      const id = bytesToHex(sha256(Buffer.from(tx.raw_data_hex, 'hex')));
      if (id !== tx.txID) throw new Error('SIGERROR: the transaction id is not the hash of its raw data');
      const owner = (tx.raw_data.contract[0]?.parameter.value.owner_address as string | undefined)?.toLowerCase();
      const signer = hex41(tronUtils.crypto.ecRecover(`0x${tx.txID}`, `0x${tx.signature[0] ?? ''}`));
      if (signer !== owner) throw new Error('SIGERROR: the signature is not the owner’s');
      if (pool.some((p) => p.txID === tx.txID) || chain.some((b) => b.txs.some((t) => t.tx.txID === tx.txID))) throw new Error('DUP_TRANSACTION_ERROR');
      pool.push(tx);
    },
    mine(count = 1, at) {
      for (let i = 0; i < count; i++) addBlock(i === 0 ? pool.splice(0) : [], i === 0 ? at : undefined);
    },
    reorganise(depth) {
      chain.splice(chain.length - depth, depth);
      for (let i = 0; i <= depth; i++) addBlock([]);
    },
    lag(blocks) {
      lagging = blocks;
    },
    inject: (fault, o = {}) => faults.push({ fault, left: o.times ?? 1, pathPrefix: o.pathPrefix ?? '/' }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/**
 * A payer on the test chain: its key exists only in the test; it builds and signs transactions offline
 * and broadcasts each to every node given (two nodes mined alike then serve the same chain).
 */
export class TronTestWallet {
  readonly address: string;
  private readonly nodes: TronTestNode[];

  constructor(
    nodes: TronTestNode | TronTestNode[],
    // A throwaway key of a payer on the local test chain, never a buyer's or the operator's.
    private readonly privateKey = randomBytes(32).toString('hex'),
  ) {
    this.address = TronWeb.address.fromPrivateKey(privateKey) as string;
    this.nodes = Array.isArray(nodes) ? nodes : [nodes];
  }

  /** Sends TRX (in sun). Returns the transaction id. */
  sendTrx(to: string, sun: bigint): string {
    return this.send('TransferContract', { owner_address: hex41(this.address), to_address: hex41(to), amount: Number(sun) });
  }

  /** Calls `transfer(to, units)` on a TRC-20 contract. Returns the transaction id. */
  transferToken(contract: string, to: string, units: bigint): string {
    return this.broadcast(this.signTokenTransfer(contract, to, units));
  }

  /** Builds and signs a TRC-20 `transfer(to, units)` without sending it (a benchmark signs ahead of its clock). */
  signTokenTransfer(contract: string, to: string, units: bigint): SignedTx {
    const data = `a9059cbb${word(hex41(to).slice(2))}${word(units.toString(16))}`;
    return this.sign('TriggerSmartContract', { owner_address: hex41(this.address), contract_address: hex41(contract), data }, 30_000_000);
  }

  /** Sends a transaction built before to every node. Returns its id. */
  broadcast(signed: SignedTx): string {
    for (const node of this.nodes) node.broadcast(signed);
    return signed.txID;
  }

  private send(type: string, value: Record<string, unknown>, feeLimit?: number): string {
    return this.broadcast(this.sign(type, value, feeLimit));
  }

  private sign(type: string, value: Record<string, unknown>, feeLimit?: number): SignedTx {
    const now = Date.now() + nonceMs++;
    const raw: SignedTx['raw_data'] = {
      contract: [{ type, parameter: { value, type_url: `type.googleapis.com/protocol.${type}` } }],
      ref_block_bytes: ((this.nodes[0]?.head() ?? 0) & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: '0'.repeat(16),
      expiration: now + 60_000,
      timestamp: now,
      ...(feeLimit === undefined ? {} : { fee_limit: feeLimit }),
    };
    const unsigned = { raw_data: raw, visible: false, txID: '', raw_data_hex: '', signature: [] as string[] };
    const pb: unknown = tronUtils.transaction.txJsonToPb(unsigned);
    unsigned.txID = tronUtils.transaction.txPbToTxID(pb).replace(/^0x/, '');
    unsigned.raw_data_hex = tronUtils.transaction.txPbToRawDataHex(pb).replace(/^0x/, '');
    return tronUtils.crypto.signTransaction(this.privateKey, unsigned) as unknown as SignedTx;
  }
}

/** Keeps two transactions built in the same millisecond apart (their ids would otherwise match). */
let nonceMs = 0;
