// Looks up a pasted TRON or Solana transaction (issue 13): TRON on a TronGrid-compatible HTTP API
// (POST /wallet/…, as TronGrid and a java-tron full node serve it), Solana on a JSON-RPC endpoint.
// Each answer is checked with Zod; amounts stay in base units (sun, lamports, a token's units).
import { z } from 'zod';
import { tronAddressFromHex } from '@/domain/addresses';
import { EndpointFault } from '../endpoint-error';

const TIMEOUT_MS = 10_000;

/** What a lookup found: base units paid to the order's address, where else it paid, how deep it is. */
export interface Sighting {
  toAddress: bigint;
  recipients: string[];
  confirmations: number;
  failed: boolean;
}

interface Target {
  address: string;
  /** A token's contract (TRC-20) or mint (SPL); null for the network's own coin. */
  tokenContract: string | null;
}

export async function post(url: string, body: unknown, timeoutMs = TIMEOUT_MS, headers: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new EndpointFault(`The endpoint answered with HTTP ${response.status}.`);
  return response.json();
}

/** The URL of `path` under the endpoint's root, keeping its query (an API key). */
export function under(base: string, path: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/$/, '')}${path}`;
  return url.toString();
}

export function parse<T>(schema: z.ZodType<T>, value: unknown, what: string, node: 'TRON' | 'Solana'): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new EndpointFault(`The endpoint's answer to ${what} is not what a ${node} node sends.`);
  return parsed.data;
}

// ── TRON ────────────────────────────────────────────────────────────────────────────────────────

const nowBlockSchema = z.object({ block_header: z.object({ raw_data: z.object({ number: z.number().int() }) }) });

const tronTxSchema = z.union([
  // An unknown id: TronGrid answers an empty object.
  z.strictObject({}),
  z.object({
    txID: z.string(),
    ret: z.array(z.object({ contractRet: z.string().optional() })).optional(),
    raw_data: z.object({
      contract: z.array(
        z.object({
          type: z.string(),
          parameter: z.object({
            value: z.object({ amount: z.number().int().optional(), to_address: z.string().optional(), contract_address: z.string().optional(), data: z.string().optional() }),
          }),
        }),
      ),
    }),
  }),
]);

const tronInfoSchema = z.object({ blockNumber: z.number().int().optional() });

/** The height of the endpoint's newest block. */
export async function tronHead(url: string): Promise<number> {
  return parse(nowBlockSchema, await post(under(url, '/wallet/getnowblock'), {}), 'getnowblock', 'TRON').block_header.raw_data.number;
}

/** TRC-20 transfer(address,uint256): its selector, then the recipient and the amount as 32-byte words. */
export const TRANSFER_SELECTOR = 'a9059cbb';

export async function lookUpTron(url: string, txid: string, target: Target): Promise<Sighting | null> {
  // `visible: true` asks for addresses in their base58 form.
  const tx = parse(tronTxSchema, await post(under(url, '/wallet/gettransactionbyid'), { value: txid, visible: true }), 'gettransactionbyid', 'TRON');
  if (!('txID' in tx)) return null;
  const [info, head] = await Promise.all([post(under(url, '/wallet/gettransactioninfobyid'), { value: txid }).then((v) => parse(tronInfoSchema, v, 'gettransactioninfobyid', 'TRON')), tronHead(url)]);
  const confirmations = info.blockNumber === undefined ? 0 : head - info.blockNumber + 1;
  const failed = (tx.ret?.[0]?.contractRet ?? 'SUCCESS') !== 'SUCCESS';
  let toAddress = 0n;
  const recipients: string[] = [];
  for (const contract of tx.raw_data.contract) {
    const value = contract.parameter.value;
    if (!target.tokenContract && contract.type === 'TransferContract' && value.to_address) {
      if (value.to_address === target.address) toAddress += BigInt(value.amount ?? 0);
      else recipients.push(value.to_address);
    }
    if (target.tokenContract && contract.type === 'TriggerSmartContract' && value.contract_address === target.tokenContract && value.data?.startsWith(TRANSFER_SELECTOR)) {
      const to = tronAddressFromHex(value.data.slice(8 + 24, 8 + 64));
      const amount = BigInt(`0x${value.data.slice(8 + 64, 8 + 128) || '0'}`);
      if (to === target.address) toAddress += amount;
      else recipients.push(to);
    }
  }
  return { toAddress: failed ? 0n : toAddress, recipients: toAddress > 0n ? [] : recipients, confirmations, failed };
}

// ── Solana ──────────────────────────────────────────────────────────────────────────────────────

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const answer = (await post(url, { jsonrpc: '2.0', id: 1, method, params })) as { result?: unknown; error?: { code?: unknown } };
  // The error's own message is the endpoint's text: only its numeric code is said.
  if (answer.error) throw new EndpointFault(`The endpoint refused ${method}${typeof answer.error.code === 'number' && Number.isInteger(answer.error.code) ? ` (JSON-RPC error ${answer.error.code})` : ''}.`);
  return answer.result;
}

const tokenBalanceSchema = z.object({ mint: z.string(), owner: z.string().optional(), uiTokenAmount: z.object({ amount: z.string() }) });

const solanaTxSchema = z
  .object({
    slot: z.number().int(),
    meta: z.object({
      err: z.unknown().nullable(),
      preBalances: z.array(z.number()),
      postBalances: z.array(z.number()),
      preTokenBalances: z.array(tokenBalanceSchema).optional(),
      postTokenBalances: z.array(tokenBalanceSchema).optional(),
    }),
    transaction: z.object({ message: z.object({ accountKeys: z.array(z.object({ pubkey: z.string() })) }) }),
  })
  .nullable();

/** The endpoint's newest confirmed slot. */
export async function solanaSlot(url: string): Promise<number> {
  return parse(z.number().int(), await rpc(url, 'getSlot', [{ commitment: 'confirmed' }]), 'getSlot', 'Solana');
}

export async function lookUpSolana(url: string, signature: string, target: Target): Promise<Sighting | null> {
  const tx = parse(solanaTxSchema, await rpc(url, 'getTransaction', [signature, { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }]), 'getTransaction', 'Solana');
  if (!tx) return null;
  const confirmations = Math.max(1, (await solanaSlot(url)) - tx.slot + 1);
  const failed = tx.meta.err !== null;
  const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey);
  if (!target.tokenContract) {
    // Lamports the address gained; the other accounts that gained are where it went instead.
    const gained = keys.map((key, i) => ({ key, delta: BigInt(tx.meta.postBalances[i] ?? 0) - BigInt(tx.meta.preBalances[i] ?? 0) }));
    const mine = gained.find((g) => g.key === target.address)?.delta ?? 0n;
    const toAddress = failed || mine < 0n ? 0n : mine;
    return { toAddress, recipients: toAddress > 0n ? [] : gained.filter((g) => g.delta > 0n).map((g) => g.key), confirmations, failed };
  }
  // Token units the address's token accounts of this mint gained.
  const held = (balances: z.infer<typeof tokenBalanceSchema>[] | undefined, owner: string) =>
    (balances ?? []).filter((b) => b.mint === target.tokenContract && b.owner === owner).reduce((sum, b) => sum + BigInt(b.uiTokenAmount.amount), 0n);
  const mine = held(tx.meta.postTokenBalances, target.address) - held(tx.meta.preTokenBalances, target.address);
  const toAddress = failed || mine < 0n ? 0n : mine;
  const owners = new Set((tx.meta.postTokenBalances ?? []).flatMap((b) => (b.mint === target.tokenContract && b.owner && b.owner !== target.address ? [b.owner] : [])));
  const gainers = [...owners].filter((owner) => held(tx.meta.postTokenBalances, owner) > held(tx.meta.preTokenBalances, owner));
  return { toAddress, recipients: toAddress > 0n ? [] : gainers, confirmations, failed };
}
