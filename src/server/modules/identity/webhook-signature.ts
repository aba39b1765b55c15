// The provider's signature (decision 041): `sha256=` and the hex HMAC-SHA256 of the raw body with the
// shared secret, compared in constant time. Re-serialised JSON would not do: the bytes are what was signed.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function isValidSignature(secret: string, body: Buffer, header: string | undefined): boolean {
  if (secret === '' || !header) return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
