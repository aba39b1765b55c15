// Wallet address checks per network. A mistyped address would send buyers' money nowhere, so each
// check verifies the address's own checksum where the network has one.
import { sha256 } from '@noble/hashes/sha2.js';
import { Address, NETWORK } from '@scure/btc-signer';
import { base58, createBase58check } from '@scure/base';
import { getAddress, isAddress } from 'viem';
import { utxoAddressProblem } from './utxo/address';
import type { Network } from './networks';

export type AddressNetwork = Network;

const tronBase58check = createBase58check(sha256);
const bitcoinAddress = Address(NETWORK);

/** An error message for an invalid address on this network, or null when it is valid. */
export function addressProblem(network: AddressNetwork, address: string): string | null {
  if (address.length < 5) return 'Address must be at least 5 characters.';
  if (address.length > 128) return 'Address must be at most 128 characters.';
  if (/\s/.test(address)) return 'Address must not contain spaces.';
  switch (network) {
    case 'bitcoin':
      try {
        bitcoinAddress.decode(address);
        return null;
      } catch {
        return 'Not a valid Bitcoin address (checksum or format is wrong).';
      }
    case 'litecoin':
    case 'dogecoin':
      return utxoAddressProblem(network, address);
    case 'evm':
      if (!isAddress(address, { strict: false })) return 'Not a valid EVM address (0x followed by 40 hex digits).';
      // Only the EIP-55 form itself is accepted. Some checksummed addresses happen to be all one case
      // (https://eips.ethereum.org/EIPS/eip-55 lists 0x52908400098527886E0F7030069857D2E4169EE7), so
      // the case alone says nothing; but a single-case address that differs from its checksummed form
      // carries no checksum, and a typo in it would go unnoticed.
      if (getAddress(address) === address) return null;
      return isSingleCase(address.slice(2))
        ? 'Enter the address in its checksummed (mixed-case) form, as your wallet shows it.'
        : 'The address checksum is wrong: check it for typos.';
    case 'tron':
      try {
        const bytes = tronBase58check.decode(address);
        return bytes.length === 21 && bytes[0] === 0x41 ? null : 'Not a valid TRON address.';
      } catch {
        return 'Not a valid TRON address (checksum or format is wrong).';
      }
    case 'solana':
      try {
        return base58.decode(address).length === 32 ? null : 'Not a valid Solana address.';
      } catch {
        return 'Not a valid Solana address.';
      }
    case 'other':
      return /^[\x21-\x7e]+$/.test(address) ? null : 'Address may only contain printable ASCII characters.';
  }
}

/** A TRON address in its base58 form from the hex form its APIs and contract data use (41 + 20 bytes, or the 20 bytes alone). */
export function tronAddressFromHex(hex: string): string {
  const body = hex.toLowerCase().replace(/^0x/, '');
  const bytes = body.length === 40 ? `41${body}` : body;
  if (!/^41[0-9a-f]{40}$/.test(bytes)) throw new RangeError(`Not a TRON address in hex: ${hex}`);
  return tronBase58check.encode(Uint8Array.from(bytes.match(/../g) ?? [], (b) => parseInt(b, 16)));
}

function isSingleCase(hex: string): boolean {
  return hex === hex.toLowerCase() || hex === hex.toUpperCase();
}
