import { describe, expect, it } from 'vitest';
import { paymentUri, type PaymentTarget } from './payment';
import { parsePaymentUri, walletTransfer } from './wallet-payment';

const ADDR = '0x52908400098527886E0F7030069857D2E4169EE7';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('the transfer a wallet is asked to send', () => {
  it('sends ether as a value in wei, to the checksummed address', () => {
    expect(walletTransfer({ address: ADDR.toLowerCase(), amount: '0.000334', tokenContract: null, decimals: 18 })).toEqual({ kind: 'native', to: ADDR, value: 334_000_000_000_000n });
  });
  it('reads a missing decimals as 18, the EVM default', () => {
    expect(walletTransfer({ address: ADDR, amount: '1', tokenContract: null, decimals: null })).toEqual({ kind: 'native', to: ADDR, value: 10n ** 18n });
  });
  it('sends a 6-decimal token as transfer(to, base units)', () => {
    expect(walletTransfer({ address: ADDR, amount: '12.5', tokenContract: USDT.toLowerCase(), decimals: 6 })).toEqual({ kind: 'erc20', token: USDT, to: ADDR, amount: 12_500_000n });
    expect(walletTransfer({ address: ADDR, amount: '0.000001', tokenContract: USDT, decimals: 6 })).toEqual({ kind: 'erc20', token: USDT, to: ADDR, amount: 1n });
  });
  it('refuses an amount finer than the currency instead of rounding it', () => {
    expect(() => walletTransfer({ address: ADDR, amount: '0.0000005', tokenContract: USDT, decimals: 6 })).toThrow('more than 6 decimals');
  });
  it('refuses an address that is not one', () => {
    expect(() => walletTransfer({ address: '0x1234', amount: '1', tokenContract: null, decimals: 18 })).toThrow();
  });
});

describe('payment URIs read back', () => {
  const target = (t: Partial<PaymentTarget>): PaymentTarget => ({ network: 'evm', address: ADDR, payAmount: '12.5', chainId: 1, tokenContract: null, decimals: 18, ...t });

  it('reads what paymentUri writes, for each scheme', () => {
    expect(parsePaymentUri(paymentUri(target({})))).toEqual({ scheme: 'ethereum', address: ADDR, chainId: 1, token: null, units: 12_500_000_000_000_000_000n });
    expect(parsePaymentUri(paymentUri(target({ tokenContract: USDT, decimals: 6, chainId: 56 })))).toEqual({ scheme: 'ethereum', address: ADDR, chainId: 56, token: USDT, units: 12_500_000n });
    expect(parsePaymentUri(paymentUri(target({ chainId: null })))).toMatchObject({ chainId: null });
    const btc = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(parsePaymentUri(paymentUri(target({ network: 'bitcoin', address: btc, payAmount: '0.000334' })))).toEqual({ scheme: 'bitcoin', address: btc, amount: '0.000334' });
    expect(parsePaymentUri(paymentUri(target({ network: 'dogecoin', address: 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', payAmount: '100' })))).toEqual({
      scheme: 'dogecoin',
      address: 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC',
      amount: '100',
    });
  });
  it('reads the amount a wallet-pay transfer sends from the same URI (the link and the wallet agree)', () => {
    const uri = paymentUri(target({ tokenContract: USDT, decimals: 6 }));
    const parsed = parsePaymentUri(uri);
    const transfer = walletTransfer({ address: ADDR, amount: '12.5', tokenContract: USDT, decimals: 6 });
    if (parsed?.scheme !== 'ethereum' || transfer.kind !== 'erc20') throw new Error('expected an ERC-20 transfer');
    expect([parsed.units, parsed.address, parsed.token]).toEqual([transfer.amount, transfer.to, transfer.token]);
  });
  it('gives null for what it does not know', () => {
    expect(parsePaymentUri('TXYZ')).toBeNull();
    expect(parsePaymentUri(`ethereum:${ADDR}?value=1.5e18`)).toBeNull();
    expect(parsePaymentUri(`ethereum:${USDT}/approve?address=${ADDR}&uint256=1`)).toBeNull();
    expect(parsePaymentUri('bitcoin:bc1q?amount=abc')).toBeNull();
    expect(parsePaymentUri('mailto:a@b.c')).toBeNull();
  });
});
