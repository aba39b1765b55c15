// What a browser wallet is asked to send for an order (issue 32), and the payment URIs of the QR
// code and the "Open in wallet app" link read back into their parts.
import { getAddress, parseUnits, type Address } from 'viem';

/** A plain transfer of the exact amount: ether as a value in wei, a token as `transfer(to, amount)` in base units. */
export type WalletTransfer = { kind: 'native'; to: Address; value: bigint } | { kind: 'erc20'; token: Address; to: Address; amount: bigint };

/**
 * The transfer that pays `amount` (in the currency's units, e.g. "12.5") to the order's address.
 * parseUnits is exact: an amount with more decimals than the currency has is refused, never rounded.
 */
export function walletTransfer(p: { address: string; amount: string; tokenContract: string | null; decimals: number | null }): WalletTransfer {
  const decimals = p.decimals ?? 18;
  if ((p.amount.split('.')[1]?.length ?? 0) > decimals) throw new Error(`${p.amount} has more than ${decimals} decimals.`);
  const units = parseUnits(p.amount, decimals);
  const to = getAddress(p.address);
  return p.tokenContract ? { kind: 'erc20', token: getAddress(p.tokenContract), to, amount: units } : { kind: 'native', to, value: units };
}

/** A payment URI read back: BIP-21 (and Litecoin's, Dogecoin's) with the amount in coins, or EIP-681 with the amount in base units. */
export type ParsedPaymentUri =
  | { scheme: 'bitcoin' | 'litecoin' | 'dogecoin'; address: string; amount: string }
  | { scheme: 'ethereum'; address: string; chainId: number | null; token: string | null; units: bigint };

const UTXO_SCHEMES = ['bitcoin', 'litecoin', 'dogecoin'] as const;
const INTEGER = /^\d+$/;

/** The parts of a BIP-21 or EIP-681 URI as `paymentUri` writes them, or null for anything else. */
export function parsePaymentUri(uri: string): ParsedPaymentUri | null {
  const colon = uri.indexOf(':');
  if (colon < 0) return null;
  const scheme = uri.slice(0, colon);
  const [path = '', query = ''] = uri.slice(colon + 1).split('?', 2);
  const params = new URLSearchParams(query);
  const utxo = UTXO_SCHEMES.find((s) => s === scheme);
  if (utxo) {
    const amount = params.get('amount');
    return path && amount && /^\d+(\.\d+)?$/.test(amount) ? { scheme: utxo, address: path, amount } : null;
  }
  if (scheme !== 'ethereum') return null;
  // ethereum:<target>[@<chain id>][/<function>]
  const match = /^(0x[0-9a-fA-F]{40})(?:@(\d+))?(?:\/(\w+))?$/.exec(path);
  if (!match?.[1]) return null;
  const chainId = match[2] ? Number(match[2]) : null;
  if (match[3] === undefined) {
    const value = params.get('value');
    return value && INTEGER.test(value) ? { scheme, address: match[1], chainId, token: null, units: BigInt(value) } : null;
  }
  const [to, amount] = [params.get('address'), params.get('uint256')];
  if (match[3] !== 'transfer' || !to || !amount || !INTEGER.test(amount)) return null;
  return { scheme, address: to, chainId, token: match[1], units: BigInt(amount) };
}
