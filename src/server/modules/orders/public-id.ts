// Order ids a buyer can read out on a support call: no look-alikes (0/O, 1/I/l), no symbols, so an
// id never starts with '-' (which spreadsheets read as a formula). Older ids — base64url, 16
// characters — stay valid: the order token pattern in contracts/orders.ts still accepts them.
import { randomFillSync } from 'node:crypto';

export const PUBLIC_ID_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const PUBLIC_ID_LENGTH = 16;

// Bytes at or above the largest multiple of the alphabet's size are dropped, so every character
// is equally likely (no modulo bias). 57 characters × 16 ≈ 93 bits.
const LIMIT = 256 - (256 % PUBLIC_ID_ALPHABET.length);

// The operating system's random bytes, 4 KiB at a time (as Node's randomUUID keeps its own): a
// launch's orders each asked for theirs with a system call of its own, 2 % of an order's CPU. Each
// byte is used once.
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomByte(): number {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return pool[used++] ?? 0;
}

export function newPublicId(length = PUBLIC_ID_LENGTH): string {
  let id = '';
  while (id.length < length) {
    const byte = randomByte();
    if (byte < LIMIT) id += PUBLIC_ID_ALPHABET.charAt(byte % PUBLIC_ID_ALPHABET.length);
  }
  return id;
}
