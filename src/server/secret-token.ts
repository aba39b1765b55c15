// Secrets handed to a browser or an inbox (session ids, reset and verification links): 32 random
// bytes, and only their SHA-256 is ever stored.
import { createHash, randomBytes } from 'node:crypto';

export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}
