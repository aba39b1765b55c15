// Amounts on Bitcoin-family chains are integers of the smallest unit (1 BTC = 10^8 satoshis), held as
// bigint and written as decimal strings of whole coins only for people and for payment URIs. No
// floating-point number ever holds one.
import { CHAINS, COIN_DECIMALS, UNITS_PER_COIN, type KnownUtxoChain } from './chains';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** 150000n → "0.0015"; 100000000n → "1". Trailing zeros are trimmed. */
export function formatCoins(units: bigint): string {
  if (units < 0n) throw new RangeError('An amount on the chain is never negative.');
  const whole = units / UNITS_PER_COIN;
  const fraction = (units % UNITS_PER_COIN).toString().padStart(COIN_DECIMALS, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole.toString()}.${fraction}`;
}

/** "0.0015" → 150000n. More than 8 decimals would be a fraction of a satoshi, and is refused. */
export function parseCoins(text: string): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal amount: ${text}`);
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > COIN_DECIMALS) throw new RangeError(`More than ${COIN_DECIMALS} decimals: ${text}`);
  return BigInt(whole) * UNITS_PER_COIN + BigInt(fraction.padEnd(COIN_DECIMALS, '0'));
}

/**
 * A payment URI wallets read from a QR code (BIP-21, and litecoin:/dogecoin: after it), with the
 * amount in coins. Without an amount (or with zero) the wallet asks the payer for one.
 */
export function paymentUri(chain: KnownUtxoChain, address: string, units?: bigint, label?: string): string {
  const params = new URLSearchParams();
  if (units !== undefined && units > 0n) params.set('amount', formatCoins(units));
  if (label) params.set('label', label);
  // URLSearchParams writes a space as "+", which BIP-21 does not define: percent-encode it.
  const query = params.toString().replaceAll('+', '%20');
  return `${CHAINS[chain].uriScheme}:${address}${query ? `?${query}` : ''}`;
}
