// The requests the TRON watcher makes of a TronGrid-compatible HTTP API (TronGrid itself, or a
// java-tron full node's /wallet/… endpoints), each answer checked with Zod. Addresses come back in
// hex (41 + 20 bytes) and are turned into base58 here; amounts stay in sun or a token's base units.
import { z } from 'zod';
import { tronAddressFromHex } from '@/domain/addresses';
import type { TronPrices } from '@/domain/tron/sweep-fee';
import { EndpointFault } from '../endpoint-error';
import { parse, post, TRANSFER_SELECTOR, under } from '../lookups/tron-solana-lookups';

/** A TRX transfer or a TRC-20 `transfer(address,uint256)` call, as a block lists it. */
export interface TronTransfer {
  txid: string;
  /** null for TRX; else the contract called, in base58. */
  contract: string | null;
  from: string;
  to: string;
  /** What was sent (TRX), or asked to be sent (TRC-20: the Transfer log says what moved). */
  units: bigint;
}

export interface TronBlock {
  number: bigint;
  hash: string;
  parentHash: string;
  time: Date;
  transfers: TronTransfer[];
}

/** What a contract call did: its receipt's result, and its Transfer logs (from, to, units, log index). */
export interface TronCallResult {
  result: string | null;
  transfers: { contract: string; from: string; to: string; units: bigint; logIndex: number }[];
}

export interface TronApi {
  nowBlock(): Promise<TronBlock>;
  /** The block at `number` on the endpoint's chain; null when it has none (beyond its head). */
  blockAt(number: bigint): Promise<TronBlock | null>;
  callResult(txid: string): Promise<TronCallResult>;
  /** The chain's current energy and bandwidth prices. */
  prices(): Promise<TronPrices>;
}

const hexString = z.string().regex(/^[0-9a-fA-F]*$/);

const contractSchema = z.object({
  type: z.string(),
  parameter: z.object({
    value: z.object({
      amount: z.number().int().nonnegative().optional(),
      owner_address: hexString.optional(),
      to_address: hexString.optional(),
      contract_address: hexString.optional(),
      data: hexString.optional(),
    }),
  }),
});

const blockSchema = z.object({
  blockID: z.string().regex(/^[0-9a-f]{64}$/),
  block_header: z.object({
    // java-tron leaves out fields at their default: the genesis block has no number.
    raw_data: z.object({ number: z.number().int().nonnegative().default(0), timestamp: z.number().int().nonnegative().default(0), parentHash: z.string().default('') }),
  }),
  transactions: z.array(z.object({ txID: z.string().regex(/^[0-9a-f]{64}$/), raw_data: z.object({ contract: z.array(contractSchema) }) })).default([]),
});

const infoSchema = z.object({
  receipt: z.object({ result: z.string().optional() }).optional(),
  log: z.array(z.object({ address: hexString, topics: z.array(hexString), data: hexString.default('') })).default([]),
});

// java-tron leaves out a parameter whose value is 0.
const parametersSchema = z.object({ chainParameter: z.array(z.object({ key: z.string(), value: z.number().int().nonnegative().default(0) })) });

/** keccak256("Transfer(address,address,uint256)"): the first topic of an ERC-20/TRC-20 Transfer log. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The 20-byte address in the last 40 hex digits of a 32-byte word, in base58. */
const wordAddress = (word: string) => tronAddressFromHex(word.slice(-40));

export class TronGridClient implements TronApi {
  constructor(
    private readonly baseUrl: string,
    /** How long an answer may take (10 s); tests shorten it. */
    private readonly timeoutMs?: number,
  ) {}

  private ask(path: string, body: unknown): Promise<unknown> {
    return post(under(this.baseUrl, path), body, this.timeoutMs, apiKeyHeader(this.baseUrl));
  }

  async nowBlock(): Promise<TronBlock> {
    return readBlock(await this.ask('/wallet/getnowblock', {}), 'getnowblock');
  }

  async blockAt(number: bigint): Promise<TronBlock | null> {
    const answer = await this.ask('/wallet/getblockbynum', { num: Number(number) });
    // Beyond its head, a node answers an empty object.
    if (answer !== null && typeof answer === 'object' && Object.keys(answer).length === 0) return null;
    return readBlock(answer, 'getblockbynum');
  }

  async callResult(txid: string): Promise<TronCallResult> {
    const info = parse(infoSchema, await this.ask('/wallet/gettransactioninfobyid', { value: txid }), 'gettransactioninfobyid', 'TRON');
    const transfers = info.log.flatMap((log, logIndex) => {
      const [topic, from, to] = log.topics;
      if (topic?.toLowerCase() !== TRANSFER_TOPIC || !from || !to || log.data.length < 64) return [];
      return [{ contract: tronAddressFromHex(log.address), from: wordAddress(from), to: wordAddress(to), units: BigInt(`0x${log.data.slice(0, 64)}`), logIndex }];
    });
    return { result: info.receipt?.result ?? null, transfers };
  }

  async prices(): Promise<TronPrices> {
    const parameters = parse(parametersSchema, await this.ask('/wallet/getchainparameters', {}), 'getchainparameters', 'TRON');
    return { energySun: priceOf(parameters, 'getEnergyFee'), bandwidthSun: priceOf(parameters, 'getTransactionFee') };
  }
}

/**
 * TronGrid takes its API key in a header, which a URL cannot carry: a key written into the endpoint's
 * URL as `?apikey=…` is also sent as TRON-PRO-API-KEY (a node of the operator's own ignores both).
 */
function apiKeyHeader(baseUrl: string): Record<string, string> {
  const key = new URL(baseUrl).searchParams.get('apikey');
  return key ? { 'TRON-PRO-API-KEY': key } : {};
}

function priceOf(parameters: z.infer<typeof parametersSchema>, key: string): number {
  const found = parameters.chainParameter.find((p) => p.key === key);
  if (!found) throw new EndpointFault(`The endpoint's chain parameters do not name ${key}.`);
  return found.value;
}

function readBlock(answer: unknown, what: string): TronBlock {
  const block = parse(blockSchema, answer, what, 'TRON');
  const header = block.block_header.raw_data;
  return {
    number: BigInt(header.number),
    hash: block.blockID,
    parentHash: header.parentHash,
    time: new Date(header.timestamp),
    transfers: block.transactions.flatMap((tx) => tx.raw_data.contract.flatMap((c) => transferOf(tx.txID, c))),
  };
}

/** The transfer a transaction's contract makes, if it is a TRX transfer or a TRC-20 transfer call. */
function transferOf(txid: string, contract: z.infer<typeof contractSchema>): TronTransfer[] {
  const v = contract.parameter.value;
  if (!v.owner_address) return [];
  if (contract.type === 'TransferContract' && v.to_address && v.amount) {
    return [{ txid, contract: null, from: tronAddressFromHex(v.owner_address), to: tronAddressFromHex(v.to_address), units: BigInt(v.amount) }];
  }
  if (contract.type === 'TriggerSmartContract' && v.contract_address && v.data?.startsWith(TRANSFER_SELECTOR) && v.data.length >= 8 + 128) {
    return [{ txid, contract: tronAddressFromHex(v.contract_address), from: tronAddressFromHex(v.owner_address), to: wordAddress(v.data.slice(8, 8 + 64)), units: BigInt(`0x${v.data.slice(8 + 64, 8 + 128)}`) }];
  }
  return [];
}

/** Reads from `primary`, and from `fallback` when a request to `primary` fails: a provider that flaps does not stop the watcher. */
export function withFallback(primary: TronApi, fallback: TronApi): TronApi {
  const either = <T>(ask: (api: TronApi) => Promise<T>) => ask(primary).catch(() => ask(fallback));
  return {
    nowBlock: () => either((api) => api.nowBlock()),
    blockAt: (number) => either((api) => api.blockAt(number)),
    callResult: (txid) => either((api) => api.callResult(txid)),
    prices: () => either((api) => api.prices()),
  };
}
