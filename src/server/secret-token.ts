// Secrets handed to a browser or an inbox (session ids, reset and verification links): 32 random
// bytes, and only their SHA-256 is ever stored.
import { createHash, randomBytes } from 'node:crypto';

export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecretToken(token) };
}

/** A single-use link's secret as it stands in a URL or a message (reset and verification links carry `token=`). */
const LINK_SECRET = /([?&]token=)[A-Za-z0-9_-]+/g;

/** `text` with every link secret replaced by `replacement`: for what is kept or shown after the link is made. */
export function withoutLinkSecrets(text: string, replacement: string): string {
  return text.replace(LINK_SECRET, `$1${replacement}`);
}

/** Whether `text` holds a link secret. */
export function holdsLinkSecret(text: string): boolean {
  return text.search(LINK_SECRET) !== -1;
}
