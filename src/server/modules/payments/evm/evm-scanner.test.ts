// The scanner against a real chain: anvil, a real ERC-20, deposit addresses derived from an xpub.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { createPublicClient, http, HttpRequestError, LimitExceededRpcError, parseEther, parseUnits, RpcRequestError, type Address, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveEvmAddress, parseEvmAccountKey, type EvmAccountKey } from '@/domain/account-key';
import { chainClients, deployTestToken, startAnvil, type LocalChain } from '../../../test/anvil';
import { startRpcProxy } from '../../../test/rpc-proxy';
import { EvmScanner, isRangeRefusal, WrongChain, type Deposit, type ScanCursor, type ScannerClient, type WatchList } from './evm-scanner';

let chain: LocalChain;
let clients: ReturnType<typeof chainClients>;
let key: EvmAccountKey;
let token: Address;
let tokenAbi: Awaited<ReturnType<typeof deployTestToken>>['abi'];

beforeAll(async () => {
  chain = await startAnvil();
  clients = chainClients(chain);
  const seed = mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow');
  const parsed = parseEvmAccountKey(HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  key = parsed.key;
  const deployed = await deployTestToken(chain, parseUnits('10000000', 6));
  token = deployed.address;
  tokenAbi = deployed.abi;
});

afterAll(async () => {
  await chain.stop();
});

const addresses = (from: number, count: number) => Array.from({ length: count }, (_, i) => deriveEvmAddress(key, from + i));

async function payEther(to: Address, ether: string, fromAccount = 1) {
  const hash = await clients.wallet(fromAccount).sendTransaction({ to, value: parseEther(ether) });
  return clients.public.waitForTransactionReceipt({ hash });
}

async function payToken(to: Address, amount: string) {
  const hash = await clients.wallet(0).writeContract({ address: token, abi: tokenAbi, functionName: 'transfer', args: [to, parseUnits(amount, 6)] });
  return clients.public.waitForTransactionReceipt({ hash });
}

async function cursorAtHead(): Promise<ScanCursor> {
  return { next: (await clients.public.getBlockNumber({ cacheTime: 0 })) + 1n, recent: [] };
}

/** Scans until the cursor reaches the head, as ticks of the watcher would. */
async function scanToHead(scanner: EvmScanner, start: ScanCursor, watch: WatchList) {
  let cursor = start;
  const deposits: Deposit[] = [];
  const reorgs: bigint[] = [];
  for (let i = 0; i < 1000; i++) {
    const result = await scanner.scan(cursor, watch);
    deposits.push(...result.deposits);
    if (result.reorgFrom !== undefined) reorgs.push(result.reorgFrom);
    if (result.cursor.next === cursor.next && result.deposits.length === 0 && result.reorgFrom === undefined) return { cursor, deposits, reorgs };
    cursor = result.cursor;
    if (cursor.next > result.head) return { cursor, deposits, reorgs };
  }
  throw new Error('the scan never reached the head');
}

/** Counts calls and can refuse large log ranges, as public endpoints do. */
function countingClient(maxLogRange?: bigint) {
  const calls = { getBlock: 0, getLogs: 0, getBlockNumber: 0, getChainId: 0 };
  const client: ScannerClient = {
    getChainId: () => {
      calls.getChainId++;
      return clients.public.getChainId();
    },
    getBlockNumber: (args) => {
      calls.getBlockNumber++;
      return clients.public.getBlockNumber(args);
    },
    getBlock: ((args: Parameters<PublicClient['getBlock']>[0]) => {
      calls.getBlock++;
      return clients.public.getBlock(args);
    }) as PublicClient['getBlock'],
    getLogs: ((args: { fromBlock: bigint; toBlock: bigint }) => {
      calls.getLogs++;
      if (maxLogRange !== undefined && args.toBlock - args.fromBlock + 1n > maxLogRange) {
        return Promise.reject(new Error(`query exceeds max block range ${maxLogRange}`));
      }
      return clients.public.getLogs(args);
    }) as PublicClient['getLogs'],
  };
  return { client, calls };
}

describe('a refused log range', () => {
  const url = 'http://127.0.0.1:8545';
  const rpc = (code: number, message: string) => new RpcRequestError({ body: { method: 'eth_getLogs' }, error: { code, message }, url });

  it('is told from a rate limit, which must not shrink the range or be retried at once', () => {
    expect(isRangeRefusal(new LimitExceededRpcError(rpc(-32005, 'query exceeds max block range 10')))).toBe(true);
    expect(isRangeRefusal(rpc(-32005, 'query returned more than 10000 results'))).toBe(true);
    expect(isRangeRefusal(rpc(-32602, 'block range is too large'))).toBe(true);
    expect(isRangeRefusal(new HttpRequestError({ url, status: 413, body: { method: 'eth_getLogs' } }))).toBe(true);
    // An endpoint's rate limit: HTTP 429, or a JSON-RPC error naming it (some use -32005 for both).
    expect(isRangeRefusal(new HttpRequestError({ url, status: 429, body: { method: 'eth_getLogs' }, details: '{"jsonrpc":"2.0","error":{"code":-32005,"message":"rate limit exceeded"}}' }))).toBe(false);
    expect(isRangeRefusal(new LimitExceededRpcError(rpc(-32005, 'project ID request rate exceeded')))).toBe(false);
    expect(isRangeRefusal(rpc(-32029, 'Too Many Requests'))).toBe(false);
  });
});

describe('EVM scanner', () => {
  it('finds ether and token deposits to watched addresses only, each with its chain identity', async () => {
    const start = await cursorAtHead();
    const [a, b] = addresses(0, 2) as [Address, Address];
    const stranger = deriveEvmAddress(key, 999);
    const etherReceipt = await payEther(a, '0.5');
    const tokenReceipt = await payToken(b, '42.25');
    await payEther(stranger, '1');
    await payToken(stranger, '1');

    const { deposits } = await scanToHead(new EvmScanner(clients.public), start, { addresses: [a, b], tokens: [token] });
    expect(deposits).toEqual([
      expect.objectContaining({ token: null, to: a, value: parseEther('0.5'), txHash: etherReceipt.transactionHash, logIndex: -1, blockNumber: etherReceipt.blockNumber }),
      expect.objectContaining({ token, to: b, value: 42_250_000n, txHash: tokenReceipt.transactionHash, blockNumber: tokenReceipt.blockNumber }),
    ]);
    expect(deposits[1]?.logIndex).toBeGreaterThanOrEqual(0);
  });

  it('reads the same deposits again from an earlier cursor, so a restart mid-scan loses nothing', async () => {
    const start = await cursorAtHead();
    const [a] = addresses(10, 1) as [Address];
    await payToken(a, '5');
    await payEther(a, '0.1');
    const scanner = new EvmScanner(clients.public);
    const first = await scanToHead(scanner, start, { addresses: [a], tokens: [token] });
    const again = await scanToHead(scanner, start, { addresses: [a], tokens: [token] });
    expect(again.deposits).toEqual(first.deposits);
    expect(first.deposits).toHaveLength(2);
  });

  it('reads every Transfer of a range once when the watched addresses outgrow one filter, and shrinks a refused range', async () => {
    const start = await cursorAtHead();
    const watched = addresses(20, 5);
    for (const address of watched) await payToken(address, '1');
    await payToken(deriveEvmAddress(key, 998), '1'); // not watched: read, and left out
    for (let i = 0; i < 12; i++) await clients.test.mine({ blocks: 1 });

    const { client, calls } = countingClient(4n);
    const { deposits, cursor } = await scanToHead(new EvmScanner(client, { maxBlocks: 50, addressBatch: 2 }), start, { addresses: watched, tokens: [token] });
    expect(deposits.map((d) => d.to)).toEqual(watched);
    expect(cursor.next).toBe((await clients.public.getBlockNumber({ cacheTime: 0 })) + 1n);
    // One log request per range whatever the number of addresses, never one per address or per block.
    const blocks = Number(cursor.next - start.next);
    expect(calls.getBlock).toBeGreaterThanOrEqual(blocks);
    expect(calls.getLogs).toBeLessThan(blocks);
  });

  it('notices a reorganisation and says from which block its deposits are gone', async () => {
    const [a] = addresses(30, 1) as [Address];
    const scanner = new EvmScanner(clients.public);
    const start = await cursorAtHead();
    const snapshot = await clients.test.snapshot();
    const receipt = await payEther(a, '2');
    const seen = await scanToHead(scanner, start, { addresses: [a], tokens: [token] });
    expect(seen.deposits.map((d) => d.txHash)).toEqual([receipt.transactionHash]);

    // The chain drops the block with the payment and grows past it with other blocks.
    await clients.test.revert({ id: snapshot });
    await clients.test.mine({ blocks: 3 });
    const after = await scanToHead(scanner, seen.cursor, { addresses: [a], tokens: [token] });
    expect(after.reorgs).toEqual([receipt.blockNumber]);
    expect(after.deposits).toEqual([]);
  });

  it('takes an endpoint that has come to serve another chain for a fault, not a reorganisation', async () => {
    const [a] = addresses(50, 1) as [Address];
    const watch = { addresses: [a], tokens: [token] };
    const start = await cursorAtHead();
    const receipt = await payEther(a, '1');
    const seen = await scanToHead(new EvmScanner(clients.public, { chainId: chain.chainId }), start, watch);
    expect(seen.deposits.map((d) => d.txHash)).toEqual([receipt.transactionHash]);

    // The same URL now reaches a node of another chain, taller than ours, where the same address is paid too.
    const other = await startAnvil([], { chainId: 56 });
    try {
      const elsewhere = chainClients(other);
      await elsewhere.test.mine({ blocks: Number(await clients.public.getBlockNumber({ cacheTime: 0 })) + 5 });
      await elsewhere.wallet(1).sendTransaction({ to: a, value: parseEther('3') });
      const checked = new EvmScanner(elsewhere.public, { chainId: chain.chainId });
      await expect(checked.scan(seen.cursor, watch)).rejects.toThrow(new WrongChain(chain.chainId, 56));
      expect(new WrongChain(chain.chainId, 56).message).toBe(`The endpoint now serves chain 56, not chain ${chain.chainId}.`);
      // A scan starting without block hashes asks too.
      await expect(checked.scan({ next: seen.cursor.next, recent: [] }, watch)).rejects.toThrow(WrongChain);
      // Unchecked, the same answers read as a reorganisation taking the payment away.
      expect((await new EvmScanner(elsewhere.public).scan(seen.cursor, watch)).reorgFrom).toBeDefined();
    } finally {
      await other.stop();
    }
  });

  it('fails a tick on endpoint faults without moving the cursor, and reads on once the endpoint answers', async () => {
    const proxy = await startRpcProxy(chain.url);
    try {
      const client = createPublicClient({ transport: http(proxy.url, { retryCount: 0, timeout: 1_000 }) });
      const scanner = new EvmScanner(client, { maxBlocks: 20 });
      const [a] = addresses(40, 1) as [Address];
      const start = await cursorAtHead();
      const receipt = await payToken(a, '7');
      const watch = { addresses: [a], tokens: [token] };

      for (const fault of ['too-many-requests', 'reset', 'hang'] as const) {
        // More than one: a request of the tick before may still be on its way and meet the first.
        proxy.inject(fault, 5, fault === 'hang' ? 'eth_getLogs' : '*');
        await expect(scanner.scan(start, watch)).rejects.toThrow();
        proxy.clearFaults();
      }
      // A refused range is no fault of the chain: the same tick retries with fewer blocks.
      proxy.inject('range-refused', 3, 'eth_getLogs');
      const result = await scanner.scan(start, watch);
      expect(result.deposits.map((d) => d.txHash)).toEqual([receipt.transactionHash]);
      expect(result.cursor.next).toBeGreaterThan(start.next);
      expect(proxy.calls.get('eth_getLogs')).toBeGreaterThanOrEqual(4);
    } finally {
      await proxy.close();
    }
  });
});
