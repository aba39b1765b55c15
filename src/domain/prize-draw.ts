// The prize draw's winner (issue 31, decision 035), computed the same way by the server, the browser
// (/transparency's "Check in this browser") and `npm run verify-draw`. The bytes are fixed here:
//
//   entries hash = SHA-256(UTF-8(JSON.stringify(entries.map((e) => [e.buyer, e.orderIds, e.entries]))))
//   seed         = SHA-256(bytes(block hash) ‖ bytes(entries hash))   — 32 + 32 bytes, from their hex
//   ticket       = seed read as an unsigned big-endian integer, mod the total number of entries
//   winner       = the entry whose tickets [sum of entries before it, … + its entries) hold the ticket
//
// The block hash is the hex explorers show (Bitcoin's display order; an EVM hash without its 0x).
// SHA-256 is WebCrypto's (globalThis.crypto.subtle), present in browsers and Node alike.

/** One buyer's place in a frozen draw: masked as on the leaderboard, the approved orders that qualified, and how many tickets they hold. */
export interface DrawEntry {
  buyer: string;
  orderIds: number[];
  entries: number;
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** A block hash as the draw uses it: 64 lower-case hex characters (an EVM hash loses its 0x). */
export function normalBlockHash(hash: string): string {
  const h = hash.toLowerCase().replace(/^0x/, '');
  if (!HEX_64.test(h)) throw new RangeError(`Not a block hash: ${hash}`);
  return h;
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The exact text the entries hash is taken of. */
export function drawEntriesDocument(entries: readonly DrawEntry[]): string {
  return JSON.stringify(entries.map((e) => [e.buyer, e.orderIds, e.entries]));
}

export function hashDrawEntries(entries: readonly DrawEntry[]): Promise<string> {
  return sha256Hex(new TextEncoder().encode(drawEntriesDocument(entries)));
}

export function drawSeed(blockHash: string, entriesHash: string): Promise<string> {
  if (!HEX_64.test(entriesHash)) throw new RangeError(`Not an entries hash: ${entriesHash}`);
  const input = new Uint8Array(64);
  input.set(hexToBytes(normalBlockHash(blockHash)), 0);
  input.set(hexToBytes(entriesHash), 32);
  return sha256Hex(input);
}

/** How many tickets all entries hold. */
export function totalTickets(entries: readonly DrawEntry[]): number {
  return entries.reduce((sum, e) => sum + e.entries, 0);
}

/** The ticket the seed picks and the entry (its position, from 0) holding it; null when nobody took part. */
export function pickWinner(seed: string, entries: readonly DrawEntry[]): { ticket: number; position: number } | null {
  const total = totalTickets(entries);
  if (total === 0) return null;
  const ticket = Number(BigInt(`0x${seed}`) % BigInt(total));
  let end = 0;
  for (const [position, e] of entries.entries()) {
    end += e.entries;
    if (ticket < end) return { ticket, position };
  }
  throw new Error('unreachable: the ticket is below the total');
}

/** The winner from the published data alone. */
export async function drawWinner(blockHash: string, entries: readonly DrawEntry[]): Promise<{ entriesHash: string; seed: string; ticket: number; position: number } | null> {
  const entriesHash = await hashDrawEntries(entries);
  const seed = await drawSeed(blockHash, entriesHash);
  const won = pickWinner(seed, entries);
  return won ? { entriesHash, seed, ...won } : null;
}

/**
 * Tickets a buyer holds: one, or with `usdPerEntry` one per whole `usdPerEntry` of their qualifying
 * purchases and at least one. Amounts are decimal text; the division is exact (no float).
 */
export function ticketsFor(usdTotal: string, usdPerEntry: string | null): number {
  if (usdPerEntry === null) return 1;
  const scale = (v: string) => {
    const [whole = '0', frac = ''] = v.split('.');
    return BigInt(whole + frac.padEnd(6, '0').slice(0, 6));
  };
  const per = scale(usdPerEntry);
  if (per <= 0n) return 1;
  const n = scale(usdTotal) / per;
  return n < 1n ? 1 : Number(n);
}

/** What a published draw (draw.json) must show for its winner to be believed. */
export interface PublishedDraw {
  commitment: { height: number; tipAtCreation: number };
  entries: DrawEntry[];
  entriesHash: string | null;
  block: { height: number; hash: string } | null;
  winner: { position: number; ticket: number } | null;
}

export type DrawCheck =
  | { ok: true; state: 'open' | 'frozen' | 'drawn'; entriesHash: string | null; seed: string | null; ticket: number | null; position: number | null }
  | { ok: false; problem: string };

/**
 * Checks a published draw: the block was committed to in advance (above the tip when the draw was
 * made), the entries hash to the published hash, the block is the committed one, and the winner is
 * the one the block and the entries pick. Reports the first thing that does not hold.
 */
export async function verifyDraw(d: PublishedDraw): Promise<DrawCheck> {
  if (d.commitment.height <= d.commitment.tipAtCreation) {
    return { ok: false, problem: `The committed block ${d.commitment.height} was not in the future when the draw was made (the tip was ${d.commitment.tipAtCreation}).` };
  }
  if (d.entriesHash === null) {
    return d.block || d.winner ? { ok: false, problem: 'A block or winner is published before the entry list was frozen.' } : { ok: true, state: 'open', entriesHash: null, seed: null, ticket: null, position: null };
  }
  const entriesHash = await hashDrawEntries(d.entries);
  if (entriesHash !== d.entriesHash) {
    return { ok: false, problem: `The entry list hashes to ${entriesHash}, but the published entries hash is ${d.entriesHash}: the list was changed after it was frozen.` };
  }
  if (d.block === null) {
    return d.winner ? { ok: false, problem: 'A winner is published without the block that picks it.' } : { ok: true, state: 'frozen', entriesHash, seed: null, ticket: null, position: null };
  }
  if (d.block.height !== d.commitment.height) {
    return { ok: false, problem: `The block used is at height ${d.block.height}, but the draw committed to height ${d.commitment.height}.` };
  }
  const seed = await drawSeed(d.block.hash, entriesHash);
  const won = pickWinner(seed, d.entries);
  const published = d.winner;
  if (won === null) {
    return published ? { ok: false, problem: 'A winner is published, but nobody took part.' } : { ok: true, state: 'drawn', entriesHash, seed, ticket: null, position: null };
  }
  if (!published || published.ticket !== won.ticket || published.position !== won.position) {
    const said = published ? `ticket ${published.ticket}, entry ${published.position + 1}` : 'no winner';
    return { ok: false, problem: `The block and the entries pick ticket ${won.ticket}, entry ${won.position + 1}; the draw says ${said}.` };
  }
  return { ok: true, state: 'drawn', entriesHash, seed, ticket: won.ticket, position: won.position };
}
