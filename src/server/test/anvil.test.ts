// The local chain the payment tests stand on: a real anvil, a real ERC-20, and deposit addresses
// derived from an xpub receiving what the chain says they received.
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { parseAbiItem, parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveEvmAddress, parseEvmAccountKey, type EvmAccountKey } from '@/domain/account-key';
import { chainClients, deployTestToken, DEV_MNEMONIC, startAnvil, type LocalChain } from './anvil';

let chain: LocalChain;
let key: EvmAccountKey;

beforeAll(async () => {
  chain = await startAnvil();
  // An operator's account on another mnemonic than the funded one, seen only through its xpub.
  const seed = mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow');
  const parsed = parseEvmAccountKey(HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey);
  if (!parsed.ok) throw new Error(parsed.message);
  key = parsed.key;
});

afterAll(async () => {
  await chain.stop();
});

describe('local chain for payment tests', () => {
  it('funds the accounts of the development mnemonic', async () => {
    const clients = chainClients(chain);
    expect(clients.wallet(0).account.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(await clients.public.getBalance({ address: clients.wallet(0).account.address })).toBeGreaterThan(parseEther('1000'));
    expect(DEV_MNEMONIC.split(' ')).toHaveLength(12);
  });

  it('pays ether and a 6-decimal token to a derived deposit address, visible as balance and Transfer log', async () => {
    const clients = chainClients(chain);
    const deposit = deriveEvmAddress(key, 7);
    const token = await deployTestToken(chain, parseUnits('1000000', 6));

    const etherTx = await clients.wallet(1).sendTransaction({ to: deposit, value: parseEther('0.25') });
    await clients.public.waitForTransactionReceipt({ hash: etherTx });
    expect(await clients.public.getBalance({ address: deposit })).toBe(parseEther('0.25'));

    const tokenTx = await clients.wallet(0).writeContract({ address: token.address, abi: token.abi, functionName: 'transfer', args: [deposit, parseUnits('125.5', 6)] });
    const receipt = await clients.public.waitForTransactionReceipt({ hash: tokenTx });
    const logs = await clients.public.getLogs({
      address: token.address,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { to: [deposit] },
      fromBlock: receipt.blockNumber,
      toBlock: receipt.blockNumber,
    });
    expect(logs.map((l) => [l.args.to, l.args.value, l.transactionHash])).toEqual([[deposit, 125_500_000n, tokenTx]]);
  });

  it('reorganises: a reverted snapshot takes a payment back out of the chain', async () => {
    const clients = chainClients(chain);
    const deposit = deriveEvmAddress(key, 8);
    const snapshot = await clients.test.snapshot();
    const tx = await clients.wallet(2).sendTransaction({ to: deposit, value: parseEther('1') });
    await clients.public.waitForTransactionReceipt({ hash: tx });
    expect(await clients.public.getBalance({ address: deposit })).toBe(parseEther('1'));
    await clients.test.revert({ id: snapshot });
    expect(await clients.public.getBalance({ address: deposit })).toBe(0n);
    await expect(clients.public.getTransactionReceipt({ hash: tx })).rejects.toThrow();
  });
});
