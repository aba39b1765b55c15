// Loopback stand-ins for a TronGrid-compatible API and a Solana JSON-RPC endpoint, for tests (there is
// no TRON or Solana node in Debian). They answer the requests Presale makes, in the shapes those APIs
// use — TronGrid's POST /wallet/… with `visible: true`, Solana's jsonParsed getTransaction — for
// transactions a test registers.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeApi {
  readonly url: string;
  /** Answers the next requests with HTTP 500. */
  failNext(times?: number): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : {};
}

async function serve(answer: (path: string, body: unknown) => unknown): Promise<FakeApi & { server: Server }> {
  let failures = 0;
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      if (failures > 0) {
        failures--;
        response.writeHead(500).end('internal error');
        return;
      }
      const result = answer(new URL(request.url ?? '/', 'http://x').pathname, body);
      if (result === undefined) {
        response.writeHead(404).end('not found');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    failNext: (times = 1) => {
      failures = times;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ── TRON ────────────────────────────────────────────────────────────────────────────────────────

export interface TronTransfer {
  txid: string;
  /** Block it is in; none while unconfirmed. */
  block?: number;
  result?: 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';
  /** TRX in sun: a TransferContract. */
  trx?: { from: string; to: string; sun: bigint };
  /** A TRC-20 transfer(address,uint256) call: the contract in base58, the recipient as 20 bytes of hex. */
  trc20?: { from: string; contract: string; toHex: string; units: bigint };
}

export interface FakeTronApi extends FakeApi {
  head: number;
  add(transfer: TronTransfer): void;
}

export async function startTronApi(head = 60_000_000): Promise<FakeTronApi> {
  const transfers = new Map<string, TronTransfer>();
  const api = {
    head,
    add: (t: TronTransfer) => transfers.set(t.txid, t),
  };
  const served = await serve((path, body) => {
    const id = (body as { value?: string }).value ?? '';
    const t = transfers.get(id);
    switch (path) {
      case '/wallet/getnowblock':
        return { blockID: 'f'.repeat(64), block_header: { raw_data: { number: api.head, timestamp: Date.now() } } };
      case '/wallet/gettransactionbyid':
        if (!t) return {};
        return {
          txID: t.txid,
          ret: [{ contractRet: t.result ?? 'SUCCESS' }],
          raw_data: {
            contract: [
              t.trx
                ? { type: 'TransferContract', parameter: { value: { amount: Number(t.trx.sun), owner_address: t.trx.from, to_address: t.trx.to }, type_url: 'type.googleapis.com/protocol.TransferContract' } }
                : {
                    type: 'TriggerSmartContract',
                    parameter: {
                      value: {
                        owner_address: t.trc20?.from,
                        contract_address: t.trc20?.contract,
                        data: `a9059cbb${'0'.repeat(24)}${t.trc20?.toHex ?? ''}${(t.trc20?.units ?? 0n).toString(16).padStart(64, '0')}`,
                      },
                      type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
                    },
                  },
            ],
            ref_block_bytes: '0000',
            expiration: Date.now() + 60_000,
          },
          raw_data_hex: '00',
          signature: ['00'],
        };
      case '/wallet/gettransactioninfobyid':
        return t?.block === undefined ? {} : { id: t.txid, blockNumber: t.block, blockTimeStamp: Date.now(), receipt: { result: t.result ?? 'SUCCESS' } };
      default:
        return undefined;
    }
  });
  return Object.assign(api, served);
}

// ── Solana ──────────────────────────────────────────────────────────────────────────────────────

export interface SolanaTransfer {
  signature: string;
  slot: number;
  failed?: boolean;
  /** Lamports moved between two accounts. */
  sol?: { from: string; to: string; lamports: bigint };
  /** Token units of `mint` moved between two owners' token accounts. */
  spl?: { mint: string; fromOwner: string; toOwner: string; units: bigint; decimals: number };
}

export interface FakeSolanaRpc extends FakeApi {
  slot: number;
  add(transfer: SolanaTransfer): void;
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

export async function startSolanaRpc(slot = 300_000_000): Promise<FakeSolanaRpc> {
  const transfers = new Map<string, SolanaTransfer>();
  const api = { slot, add: (t: SolanaTransfer) => transfers.set(t.signature, t) };
  const served = await serve((_path, body) => {
    const { id, method, params } = body as { id: number; method: string; params: unknown[] };
    const reply = (result: unknown) => ({ jsonrpc: '2.0', id, result });
    if (method === 'getSlot') return reply(api.slot);
    if (method !== 'getTransaction') return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } };
    const t = transfers.get(String(params[0]));
    if (!t) return reply(null);
    const err = t.failed ? { InstructionError: [0, 'Custom'] } : null;
    const base = { slot: t.slot, blockTime: Math.floor(Date.now() / 1000), version: 0 };
    if (t.sol) {
      const moved = t.failed ? 0 : Number(t.sol.lamports);
      return reply({
        ...base,
        meta: { err, fee: 5000, preBalances: [10_000_000_000, 1_000_000, 1], postBalances: [10_000_000_000 - moved - 5000, 1_000_000 + moved, 1], preTokenBalances: [], postTokenBalances: [] },
        transaction: {
          signatures: [t.signature],
          message: {
            accountKeys: [
              { pubkey: t.sol.from, signer: true, writable: true, source: 'transaction' },
              { pubkey: t.sol.to, signer: false, writable: true, source: 'transaction' },
              { pubkey: SYSTEM_PROGRAM, signer: false, writable: false, source: 'transaction' },
            ],
          },
        },
      });
    }
    const spl = t.spl;
    if (!spl) return reply(null);
    const moved = t.failed ? 0n : spl.units;
    const amount = (owner: string, units: bigint, index: number) => ({ accountIndex: index, mint: spl.mint, owner, programId: TOKEN_PROGRAM, uiTokenAmount: { amount: units.toString(), decimals: spl.decimals } });
    return reply({
      ...base,
      meta: {
        err,
        fee: 5000,
        preBalances: [10_000_000_000, 2_039_280, 2_039_280, 1],
        postBalances: [10_000_000_000 - 5000, 2_039_280, 2_039_280, 1],
        preTokenBalances: [amount(spl.fromOwner, 1_000_000_000n, 1), amount(spl.toOwner, 5n, 2)],
        postTokenBalances: [amount(spl.fromOwner, 1_000_000_000n - moved, 1), amount(spl.toOwner, 5n + moved, 2)],
      },
      transaction: {
        signatures: [t.signature],
        message: {
          accountKeys: [
            { pubkey: spl.fromOwner, signer: true, writable: true, source: 'transaction' },
            { pubkey: 'So1anaTokenAccountFrom1111111111111111111111', signer: false, writable: true, source: 'transaction' },
            { pubkey: 'So1anaTokenAccountTo111111111111111111111111', signer: false, writable: true, source: 'transaction' },
            { pubkey: TOKEN_PROGRAM, signer: false, writable: false, source: 'transaction' },
          ],
        },
      },
    });
  });
  return Object.assign(api, served);
}
