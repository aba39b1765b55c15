// Order ids a buyer can read out on a support call: no look-alikes (0/O, 1/I/l), no symbols, so an
// id never starts with '-' (which spreadsheets read as a formula). Older ids — base64url, 16
// characters — stay valid: the order token pattern in contracts/orders.ts still accepts them.
import { randomBytes } from 'node:crypto';

export const PUBLIC_ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const PUBLIC_ID_LENGTH = 16;

// Bytes at or above the largest multiple of the alphabet's size are dropped, so every character
// is equally likely (no modulo bias). 57 characters × 16 ≈ 93 bits.
const LIMIT = 256 - (256 % PUBLIC_ID_ALPHABET.length);

export function newPublicId(length = PUBLIC_ID_LENGTH): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= LIMIT) continue;
      id += PUBLIC_ID_ALPHABET.charAt(byte % PUBLIC_ID_ALPHABET.length);
      if (id.length === length) break;
    }
  }
  return id;
}
