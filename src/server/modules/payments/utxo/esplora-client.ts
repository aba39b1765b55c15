// Reads a Bitcoin-family chain through an Esplora HTTP API: the API of mempool.space, blockstream.info
// and electrs (https://github.com/Blockstream/esplora/blob/master/API.md), which an operator can also
// run next to their own node. Every answer is validated before it is used, so a proxy's error page or
// a truncated body is an error, never an empty list that would look like "nothing paid".
//
// Amounts stay exact: Esplora writes output values as JSON numbers, which JSON.parse would round above
// 2^53 (9·10^15 units: 90 million DOGE). The body is read as text and each "value" number is turned
// into a string before parsing, then into a bigint.
import { z } from 'zod';
import { EndpointFault } from '../endpoint-error';

export type EsploraErrorKind = 'timeout' | 'unreachable' | 'status' | 'invalid';

/**
 * An endpoint's failure in words an operator may see. It names the API path (an address or a
 * transaction id, never secret) but never the endpoint's URL, which may carry an API key.
 */
export class EsploraError extends EndpointFault {
  override readonly name = 'EsploraError';
  constructor(
    readonly kind: EsploraErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const HASH = z.string().regex(/^[0-9a-f]{64}$/, 'a 64-digit hex hash');
const HEIGHT = z.number().int().nonnegative();
/** An output value: a digit string (see above) or, from callers that skip the rewrite, a safe integer. */
const UNITS = z
  .union([z.string().regex(/^\d{1,20}$/), z.number().int().nonnegative().refine(Number.isSafeInteger, 'an exact integer')])
  .transform((v) => BigInt(v));

const statusSchema = z
  .object({ confirmed: z.boolean(), block_height: HEIGHT.optional(), block_hash: HASH.optional(), block_time: z.number().int().optional() })
  .transform((s, ctx): TxStatus => {
    if (!s.confirmed) return { confirmed: false };
    if (s.block_height === undefined || s.block_hash === undefined) {
      ctx.addIssue({ code: 'custom', message: 'a confirmed status names its block' });
      return z.NEVER;
    }
    return { confirmed: true, blockHeight: s.block_height, blockHash: s.block_hash, blockTime: s.block_time ?? null };
  });

const outputSchema = z.object({ scriptpubkey_type: z.string(), scriptpubkey_address: z.string().optional(), value: UNITS });

const txSchema = z
  .object({
    txid: HASH,
    vin: z
      .array(
        z.object({
          txid: HASH,
          vout: z.number().int().nonnegative(),
          is_coinbase: z.boolean(),
          sequence: z.number().int().min(0).max(0xffffffff),
          prevout: outputSchema.nullable().optional(),
        }),
      )
      .min(1),
    vout: z.array(outputSchema),
    status: statusSchema,
  })
  .transform(
    (t): EsploraTx => ({
      txid: t.txid,
      inputs: t.vin.map((i) => ({
        txid: i.txid,
        vout: i.vout,
        coinbase: i.is_coinbase,
        sequence: i.sequence,
        prevout: i.prevout ? { address: i.prevout.scriptpubkey_address ?? null, units: i.prevout.value } : null,
      })),
      outputs: t.vout.map((o) => ({ address: o.scriptpubkey_address ?? null, scriptType: o.scriptpubkey_type, units: o.value })),
      status: t.status,
    }),
  );

const blockSchema = z
  .object({ id: HASH, height: HEIGHT, previousblockhash: HASH.nullable().optional(), timestamp: z.number().int(), tx_count: z.number().int().positive() })
  .transform((b): BlockHeader => ({ hash: b.id, height: b.height, previousHash: b.previousblockhash ?? null, time: b.timestamp, txCount: b.tx_count }));

export type TxStatus = { confirmed: false } | { confirmed: true; blockHeight: number; blockHash: string; blockTime: number | null };

export interface TxOutput {
  /** null for scripts without an address form (OP_RETURN, bare multisig). */
  address: string | null;
  scriptType: string;
  /** Smallest units (satoshis). */
  units: bigint;
}

export interface EsploraTx {
  txid: string;
  inputs: { txid: string; vout: number; coinbase: boolean; sequence: number; prevout: { address: string | null; units: bigint } | null }[];
  outputs: TxOutput[];
  status: TxStatus;
}

export interface BlockHeader {
  hash: string;
  height: number;
  /** null for the genesis block. */
  previousHash: string | null;
  time: number;
  txCount: number;
}

/** Confirmed transactions per page of `/address/:a/txs/chain` and `/block/:hash/txs/:start`. */
export const CHAIN_TXS_PER_PAGE = 25;

/** What the scanner needs of an Esplora endpoint. */
export interface EsploraApi {
  getTipHash(): Promise<string>;
  getTipHeight(): Promise<number>;
  getBlockHashAtHeight(height: number): Promise<string>;
  getBlock(hash: string): Promise<BlockHeader>;
  /** 25 transactions of the block from `start` (a multiple of 25), in block order. */
  getBlockTxs(hash: string, start: number): Promise<EsploraTx[]>;
  /** Up to 50 unconfirmed transactions, then the 25 newest confirmed ones, touching the address. */
  getAddressTxs(address: string): Promise<EsploraTx[]>;
  /** The next 25 confirmed transactions after `lastSeenTxid` (newest first). */
  getAddressChainTxs(address: string, lastSeenTxid: string): Promise<EsploraTx[]>;
  /** Up to 50 unconfirmed transactions touching the address. */
  getAddressMempoolTxs(address: string): Promise<EsploraTx[]>;
  /** The transaction, or null when the endpoint knows it neither in a block nor in its mempool. */
  getTx(txid: string): Promise<EsploraTx | null>;
  /** Note: Esplora answers `{confirmed: false}` for a transaction it does not know at all. */
  getTxStatus(txid: string): Promise<TxStatus>;
}

export interface EsploraClientOptions {
  /** The API root, e.g. https://mempool.space/api or http://127.0.0.1:3002. A query string (an API key) is kept. */
  baseUrl: string;
  /** Per request, body included. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export class EsploraClient implements EsploraApi {
  private readonly base: URL;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(options: EsploraClientOptions) {
    this.base = new URL(options.baseUrl);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:') throw new RangeError('An Esplora endpoint is an http(s) URL.');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchImpl = options.fetch ?? fetch;
  }

  async getTipHash(): Promise<string> {
    return this.text('/blocks/tip/hash', HASH);
  }

  async getTipHeight(): Promise<number> {
    return Number(await this.text('/blocks/tip/height', z.string().regex(/^\d{1,9}$/, 'a block height')));
  }

  async getBlockHashAtHeight(height: number): Promise<string> {
    return this.text(`/block-height/${checkedHeight(height)}`, HASH);
  }

  async getBlock(hash: string): Promise<BlockHeader> {
    return this.json(`/block/${checkedHash(hash)}`, blockSchema);
  }

  async getBlockTxs(hash: string, start: number): Promise<EsploraTx[]> {
    if (!Number.isInteger(start) || start < 0 || start % CHAIN_TXS_PER_PAGE !== 0) throw new RangeError(`A block page starts at a multiple of ${CHAIN_TXS_PER_PAGE}: ${start}`);
    return this.json(`/block/${checkedHash(hash)}/txs/${start}`, z.array(txSchema));
  }

  async getAddressTxs(address: string): Promise<EsploraTx[]> {
    return this.json(`/address/${checkedAddress(address)}/txs`, z.array(txSchema));
  }

  async getAddressChainTxs(address: string, lastSeenTxid: string): Promise<EsploraTx[]> {
    return this.json(`/address/${checkedAddress(address)}/txs/chain/${checkedHash(lastSeenTxid)}`, z.array(txSchema));
  }

  async getAddressMempoolTxs(address: string): Promise<EsploraTx[]> {
    return this.json(`/address/${checkedAddress(address)}/txs/mempool`, z.array(txSchema));
  }

  async getTx(txid: string): Promise<EsploraTx | null> {
    return this.json(`/tx/${checkedHash(txid)}`, txSchema, /transaction not found/i);
  }

  async getTxStatus(txid: string): Promise<TxStatus> {
    return this.json(`/tx/${checkedHash(txid)}/status`, statusSchema);
  }

  private async text<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const body = await this.get(path);
    if (body === null) throw new EsploraError('status', `The Esplora endpoint answered 404 to ${path}.`, 404);
    return parse(path, schema, body.trim());
  }

  private async json<T>(path: string, schema: z.ZodType<T>): Promise<T>;
  private async json<T>(path: string, schema: z.ZodType<T>, notFound: RegExp): Promise<T | null>;
  private async json<T>(path: string, schema: z.ZodType<T>, notFound?: RegExp): Promise<T | null> {
    const body = await this.get(path, notFound);
    if (body === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(exactValues(body));
    } catch {
      throw new EsploraError('invalid', `The Esplora endpoint's answer to ${path} is not JSON.`);
    }
    return parse(path, schema, value);
  }

  /**
   * The body of a 2xx answer; null for a 404 whose body matches `notFound` (Esplora's own words for a
   * missing transaction, so that a wrong base URL, which also answers 404, is an error instead).
   */
  private async get(path: string, notFound?: RegExp): Promise<string | null> {
    const url = new URL(this.base);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
    let response: Response;
    let body: string;
    try {
      response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json, text/plain' } });
      body = await response.text();
    } catch (error) {
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        throw new EsploraError('timeout', `The Esplora endpoint did not answer ${path} within ${formatSeconds(this.timeoutMs)}.`);
      }
      throw new EsploraError('unreachable', `The Esplora endpoint could not be reached for ${path} (${causeOf(error)}).`);
    }
    if (response.status === 404 && notFound?.test(body)) return null;
    if (!response.ok) {
      const hint = response.status === 429 ? ' (too many requests: it limits this server’s rate)' : '';
      throw new EsploraError('status', `The Esplora endpoint answered ${response.status} to ${path}${hint}.`, response.status);
    }
    return body;
  }
}

function parse<T>(path: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  throw new EsploraError('invalid', `The Esplora endpoint's answer to ${path} is not what Esplora sends${where}: ${issue?.message ?? 'unexpected shape'}.`);
}

/**
 * `"value":123` → `"value":"123"`, outside strings only: inside a JSON string a quote is written \",
 * so `"value":` followed by a digit can only be a key and its number.
 */
function exactValues(json: string): string {
  return json.replace(/"value"\s*:\s*(\d+)(?=\s*[,}\]])/g, '"value":"$1"');
}

function checkedHash(hash: string): string {
  if (!/^[0-9a-f]{64}$/.test(hash)) throw new RangeError(`Not a hash: ${hash}`);
  return hash;
}

function checkedHeight(height: number): number {
  if (!Number.isInteger(height) || height < 0) throw new RangeError(`Not a block height: ${height}`);
  return height;
}

function checkedAddress(address: string): string {
  // Addresses are base58 or bech32: letters and digits only, so nothing can escape the path.
  if (!/^[0-9A-Za-z]{14,90}$/.test(address)) throw new RangeError(`Not an address: ${address}`);
  return address;
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function causeOf(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : undefined;
  const text = code ?? (error instanceof Error ? error.message : String(error));
  return text.replace(/https?:\/\/\S+/g, '(endpoint)').slice(0, 120);
}
