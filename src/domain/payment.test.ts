import { describe, expect, it } from 'vitest';
import { explorerTxUrl, paymentUri, txHashProblem } from './payment';

const ADDR = '0x52908400098527886E0F7030069857D2E4169EE7';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('payment URIs', () => {
  it('uses BIP-21 for bitcoin', () => {
    expect(paymentUri({ network: 'bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', payAmount: '0.000334', chainId: null, tokenContract: null, decimals: null })).toBe(
      'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.000334',
    );
  });
  it('uses EIP-681 with the value in wei for ether', () => {
    expect(paymentUri({ network: 'evm', address: ADDR, payAmount: '0.000334', chainId: 1, tokenContract: null, decimals: 18 })).toBe(`ethereum:${ADDR}@1?value=334000000000000`);
  });
  it('uses the EIP-681 transfer form with base units for ERC-20 tokens', () => {
    expect(paymentUri({ network: 'evm', address: ADDR, payAmount: '12.5', chainId: 1, tokenContract: USDT, decimals: 6 })).toBe(
      `ethereum:${USDT}@1/transfer?address=${ADDR}&uint256=12500000`,
    );
  });
  it('gives the bare address elsewhere', () => {
    expect(paymentUri({ network: 'tron', address: 'TXYZ', payAmount: '5', chainId: null, tokenContract: null, decimals: null })).toBe('TXYZ');
  });
});

describe('transaction hashes', () => {
  const evmHash = `0x${'ab'.repeat(32)}`;
  it('checks the shape per network', () => {
    expect(txHashProblem('evm', evmHash)).toBeNull();
    expect(txHashProblem('evm', 'ab'.repeat(32))).toMatch(/0x/);
    expect(txHashProblem('bitcoin', 'ab'.repeat(32))).toBeNull();
    expect(txHashProblem('bitcoin', `${'ab'.repeat(32)}0`)).not.toBeNull();
    expect(txHashProblem('solana', '5'.repeat(88))).toBeNull();
    expect(txHashProblem('solana', '0'.repeat(88))).not.toBeNull();
    expect(txHashProblem('other', 'short')).not.toBeNull();
  });
  it('links to an explorer where the network has one', () => {
    expect(explorerTxUrl('evm', 1, evmHash)).toBe(`https://etherscan.io/tx/${evmHash}`);
    expect(explorerTxUrl('evm', 999_999, evmHash)).toBeNull();
    expect(explorerTxUrl('bitcoin', null, 'ab'.repeat(32))).toBe(`https://mempool.space/tx/${'ab'.repeat(32)}`);
    expect(explorerTxUrl('evm', 1, 'javascript:alert(1)')).toBeNull();
  });
});
