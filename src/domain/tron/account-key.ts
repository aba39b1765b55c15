// TRON deposit addresses from the operator's watch-only account key (m/44'/195'/0', issue 33). TRON
// uses Ethereum's keys and address hash: an address is the same 20 bytes as the EVM address of the
// key, with TRON's 0x41 prefix, in base58check. So the key is read, and refused, as an EVM key is.
import { deriveEvmAddress, parseEvmAccountKey, type AccountKeyResult, type AccountKind, type EvmAccountKey } from '../account-key';
import { tronAddressFromHex } from '../addresses';

export const TRON_ACCOUNT: AccountKind = { chains: 'TRON', path: 'm/44’/195’/0’' };

/** Reads a TRON account key, or says why the input is not one (recovery phrases and private keys are refused). */
export function parseTronAccountKey(input: string): AccountKeyResult {
  return parseEvmAccountKey(input, TRON_ACCOUNT);
}

/** The base58check address (T…) at …/0/index of the account. */
export function deriveTronAddress(key: EvmAccountKey, index: number): string {
  return tronAddressFromHex(deriveEvmAddress(key, index));
}

/** The first addresses of the account, for the operator to compare with what the wallet shows. */
export function previewTronAddresses(key: EvmAccountKey, count = 3): string[] {
  return Array.from({ length: count }, (_, i) => deriveTronAddress(key, i));
}
