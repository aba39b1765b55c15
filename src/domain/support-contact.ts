// The sale's support contact, as the operator typed it: an e-mail address, a Telegram handle or an
// http(s) address. Empty means none: then nothing is shown and no address is invented.

export type SupportContact = { kind: 'email' | 'telegram' | 'url'; label: string; href: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Telegram usernames: 5 to 32 letters, digits or underscores. */
const TELEGRAM = /^@([A-Za-z0-9_]{5,32})$/;

/** The contact to show and link to, or null when `value` is empty or not a contact. */
export function parseSupportContact(value: string): SupportContact | null {
  const v = value.trim();
  if (v === '') return null;
  const handle = TELEGRAM.exec(v);
  if (handle) return { kind: 'telegram', label: v, href: `https://t.me/${handle[1] ?? ''}` };
  if (EMAIL.test(v) && !v.includes('/')) return { kind: 'email', label: v, href: `mailto:${v}` };
  try {
    const url = new URL(v);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return { kind: url.hostname === 't.me' ? 'telegram' : 'url', label: v, href: url.href };
  } catch {
    return null;
  }
}

/** How a sentence names the way to reach the project: "at support@example.com", or its official channels. */
export function supportContactPhrase(value: string): string {
  const contact = parseSupportContact(value);
  if (!contact) return 'through its official channels';
  return contact.kind === 'telegram' ? `on Telegram at ${contact.label}` : `at ${contact.label}`;
}
