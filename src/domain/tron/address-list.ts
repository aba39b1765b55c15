// A list of TRON addresses the operator owns, imported instead of an account key (issue 33): one address
// a line, each a base58check address with TRON's 0x41 prefix, none twice. A secret pasted by mistake
// (a recovery phrase, a private key) is refused by name, by the same check as the key field's, and
// never repeated back. The server checks the same text again, and what the database already holds.
import { secretIn } from '../account-key';
import { addressProblem } from '../addresses';

/** Addresses one import takes: 10,000 lines are about 350 kB. */
export const MAX_IMPORTED_ADDRESSES = 10_000;

export type AddressListResult = { ok: true; addresses: { line: number; address: string }[] } | { ok: false; message: string };

const ONLY_ADDRESSES = 'import only addresses (they begin with T), which cannot spend.';

export const ADDRESS_LIST_MESSAGES = {
  empty: 'Paste the TRON addresses, one per line.',
  tooMany: `Import at most ${MAX_IMPORTED_ADDRESSES.toLocaleString('en-US')} addresses at a time.`,
  recoveryPhrase: `This looks like a recovery phrase. Never type it into any website: ${ONLY_ADDRESSES}`,
  lineRecoveryPhrase: (line: number) => `Line ${line} looks like a recovery phrase. Never type it into any website: ${ONLY_ADDRESSES}`,
  linePrivateKey: (line: number) => `Line ${line} looks like a private key. Presale never takes one: ${ONLY_ADDRESSES}`,
  lineExtendedPrivateKey: (line: number) => `Line ${line} is an extended private key, which can spend. Presale never takes one: ${ONLY_ADDRESSES}`,
  notAddress: (line: number) => `Line ${line} is not a TRON address: check that it was copied whole (an address begins with T and has 34 characters).`,
  repeated: (line: number, first: number, address: string) => `Line ${line} repeats line ${first} (${address}).`,
  imported: (line: number, address: string) => `Line ${line}: ${address} is already imported.`,
  inUse: (line: number, address: string) => `Line ${line}: ${address} is already a buyer's deposit address.`,
  /** The first problem, and how many lines besides it are refused. */
  withOthers: (first: string, others: number) => (others === 0 ? first : `${first} ${others} other ${others === 1 ? 'line is' : 'lines are'} refused too.`),
} as const;

const SECRET_MESSAGES = {
  recoveryPhrase: ADDRESS_LIST_MESSAGES.lineRecoveryPhrase,
  privateKey: ADDRESS_LIST_MESSAGES.linePrivateKey,
  extendedPrivateKey: ADDRESS_LIST_MESSAGES.lineExtendedPrivateKey,
} as const;

/** Reads the pasted or uploaded list: every address with its line (counting blank lines), or the first problem. */
export function readAddressList(text: string): AddressListResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const filled = lines.map((l, i) => ({ line: i + 1, text: l.trim() })).filter((l) => l.text !== '');
  if (filled.length === 0) return { ok: false, message: ADDRESS_LIST_MESSAGES.empty };
  // A phrase pasted one word a line is a phrase all the same.
  if (secretIn(filled.map((l) => l.text).join(' ')) === 'recoveryPhrase') return { ok: false, message: ADDRESS_LIST_MESSAGES.recoveryPhrase };
  if (filled.length > MAX_IMPORTED_ADDRESSES) return { ok: false, message: ADDRESS_LIST_MESSAGES.tooMany };
  const problems: string[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, text: address } of filled) {
    const secret = secretIn(address);
    if (secret) problems.push(SECRET_MESSAGES[secret](line));
    else if (addressProblem('tron', address) !== null) problems.push(ADDRESS_LIST_MESSAGES.notAddress(line));
    else {
      const first = firstLine.get(address);
      if (first === undefined) firstLine.set(address, line);
      else problems.push(ADDRESS_LIST_MESSAGES.repeated(line, first, address));
    }
  }
  const [first] = problems;
  if (first !== undefined) return { ok: false, message: ADDRESS_LIST_MESSAGES.withOthers(first, problems.length - 1) };
  return { ok: true, addresses: filled.map((l) => ({ line: l.line, address: l.text })) };
}

/** At most this many left is "few", however small the list. */
const FEW_LEFT_FLOOR = 20;

/**
 * Whether the operator is warned to import more: fewer than 20 left, or fewer than a tenth of all
 * imported, whichever is more. A list is sized for the sale's pace, so a tenth of it is the same share
 * of the run left on any list; the floor keeps a small list from warning only at its last buyers.
 */
export function fewAddressesLeft(left: number, imported: number): boolean {
  return left < Math.max(FEW_LEFT_FLOOR, Math.ceil(imported / 10));
}
