// A real local EVM chain for payment tests: the anvil binary that @foundry-rs/anvil installs from npm,
// on a free loopback port, funded from the public development mnemonic. Nothing leaves the machine.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import solc from 'solc';
import { createPublicClient, createTestClient, createWalletClient, http, type Abi, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

/** The mnemonic anvil funds its accounts from; public, for local chains only. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

const require = createRequire(import.meta.url);

/** The platform package's own binary, so the test owns the chain's process (no wrapper to outlive it). */
function anvilBinary(): string {
  const arch = { x64: 'amd64', arm64: 'arm64' }[process.arch as string];
  if (!arch) throw new Error(`anvil has no build for ${process.arch}`);
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`;
  return join(dirname(require.resolve(`${platformPackage}/package.json`)), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

export interface LocalChain {
  url: string;
  chainId: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts anvil on a free port and resolves once it answers; blocks are mined on each transaction. */
export async function startAnvil(args: string[] = [], options: { chainId?: number } = {}): Promise<LocalChain> {
  const chainId = options.chainId ?? foundry.id;
  const child = spawn(anvilBinary(), ['--port', '0', '--host', '127.0.0.1', '--mnemonic', DEV_MNEMONIC, '--chain-id', String(chainId), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /Listening on (127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve(`http://${match[1] ?? ''}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`anvil exited with ${code}:\n${output}`)));
    child.once('error', reject);
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.stdout.resume();
  child.stderr.resume();
  return {
    url,
    chainId,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Clients for a test to act on the chain: read, send from the funded accounts, and mine or reorganise. */
export function chainClients(chain: LocalChain) {
  const transport = http(chain.url);
  const viemChain = { ...foundry, id: chain.chainId };
  return {
    public: createPublicClient({ chain: viemChain, transport }),
    test: createTestClient({ chain: viemChain, transport, mode: 'anvil' }),
    /** A wallet for funded account `index` of the development mnemonic (m/44'/60'/0'/0/index). */
    wallet: (index = 0) => createWalletClient({ chain: viemChain, transport, account: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index }) }),
  };
}

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

/** Compiles a contract from src/server/test/contracts with solc from npm (no compiler download). */
export function compileTestContract(file: string, name: string): CompiledContract {
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: readFileSync(join(import.meta.dirname, 'contracts', file), 'utf8') } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  // solc's typings leave compile() untyped; its standard-JSON interface takes and returns a string.
  const compile = solc.compile as (standardJson: string) => string;
  const output = JSON.parse(compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts?.[file]?.[name];
  if (!contract) throw new Error(`${name} not found in ${file}`);
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}

/** Deploys the 6-decimal test token, minting `supply` base units to funded account 0. */
export async function deployTestToken(chain: LocalChain, supply: bigint): Promise<{ address: Address; abi: Abi }> {
  const { abi, bytecode } = compileTestContract('TestUSD.sol', 'TestUSD');
  const clients = chainClients(chain);
  const hash = await clients.wallet(0).deployContract({ abi, bytecode, args: [supply] });
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('The token did not deploy.');
  return { address: receipt.contractAddress, abi };
}
