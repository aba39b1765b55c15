import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawEntriesDocument, drawWinner, hashDrawEntries, normalBlockHash, pickWinner, ticketsFor, verifyDraw, type DrawEntry, type PublishedDraw } from './prize-draw';

const ENTRIES: DrawEntry[] = [
  { buyer: 'ad***@e***.com', orderIds: [3, 7], entries: 2 },
  { buyer: 'bo***@e***.com', orderIds: [4], entries: 1 },
  { buyer: 'cé***@e***.org', orderIds: [5, 9, 11], entries: 5 },
];
const BLOCK = '00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7';

/** The rule of decision 035 written again with Node's own hash, byte by byte. */
function expected(blockHash: string, entries: DrawEntry[]) {
  const entriesHash = createHash('sha256').update(JSON.stringify(entries.map((e) => [e.buyer, e.orderIds, e.entries])), 'utf8').digest('hex');
  const seed = createHash('sha256').update(Buffer.concat([Buffer.from(blockHash, 'hex'), Buffer.from(entriesHash, 'hex')])).digest('hex');
  const total = entries.reduce((s, e) => s + e.entries, 0);
  return { entriesHash, seed, ticket: Number(BigInt(`0x${seed}`) % BigInt(total)) };
}

describe('prize draw', () => {
  it('hashes the entries and picks the ticket exactly as the decision record says', async () => {
    const want = expected(BLOCK, ENTRIES);
    expect(drawEntriesDocument(ENTRIES)).toBe('[["ad***@e***.com",[3,7],2],["bo***@e***.com",[4],1],["cé***@e***.org",[5,9,11],5]]');
    expect(await hashDrawEntries(ENTRIES)).toBe(want.entriesHash);
    const won = await drawWinner(BLOCK, ENTRIES);
    expect(won).toMatchObject({ entriesHash: want.entriesHash, seed: want.seed, ticket: want.ticket });
    // Tickets 0–1 are the first entry's, 2 the second's, 3–7 the third's.
    const position = want.ticket < 2 ? 0 : want.ticket < 3 ? 1 : 2;
    expect(won?.position).toBe(position);
    // An EVM hash reads the same with or without 0x, in either case.
    expect(await drawWinner(`0x${BLOCK.toUpperCase()}`, ENTRIES)).toEqual(won);
  });

  it('maps every ticket to the entry holding it, and nobody wins an empty draw', () => {
    const seedFor = (n: number) => n.toString(16).padStart(64, '0');
    expect([0, 1, 2, 3, 7, 8, 10].map((n) => pickWinner(seedFor(n), ENTRIES)?.position)).toEqual([0, 0, 1, 2, 2, 0, 1]);
    expect(pickWinner(seedFor(5), [])).toBeNull();
  });

  it('gives one ticket per whole amount of USD, at least one, without floats', () => {
    expect(ticketsFor('1250.50', null)).toBe(1);
    expect(ticketsFor('1250.50', '100')).toBe(12);
    expect(ticketsFor('0.3', '0.1')).toBe(3);
    expect(ticketsFor('40', '100')).toBe(1);
  });

  it('refuses a block hash that is not one', () => {
    expect(() => normalBlockHash('12ab')).toThrow(RangeError);
  });

  it('verifies a published draw and finds what was changed', async () => {
    const won = await drawWinner(BLOCK, ENTRIES);
    if (!won) throw new Error('no winner');
    const draw: PublishedDraw = {
      commitment: { height: 900_012, tipAtCreation: 900_000 },
      entries: ENTRIES,
      entriesHash: won.entriesHash,
      block: { height: 900_012, hash: BLOCK },
      winner: { position: won.position, ticket: won.ticket },
    };
    expect(await verifyDraw(draw)).toMatchObject({ ok: true, state: 'drawn', ticket: won.ticket, position: won.position });

    const tampered = { ...draw, entries: ENTRIES.map((e, i) => (i === 1 ? { ...e, entries: 2 } : e)) };
    expect(await verifyDraw(tampered)).toMatchObject({ ok: false, problem: expect.stringContaining('changed after it was frozen') as unknown });
    const otherWinner = { ...draw, winner: { position: (won.position + 1) % 3, ticket: won.ticket } };
    expect(await verifyDraw(otherWinner)).toMatchObject({ ok: false });
    const otherBlock = { ...draw, block: { height: 900_013, hash: BLOCK } };
    expect(await verifyDraw(otherBlock)).toMatchObject({ ok: false, problem: expect.stringContaining('committed to height 900012') as unknown });
    const pickedAfter = { ...draw, commitment: { height: 900_000, tipAtCreation: 900_000 } };
    expect(await verifyDraw(pickedAfter)).toMatchObject({ ok: false, problem: expect.stringContaining('not in the future') as unknown });
    expect(await verifyDraw({ ...draw, entriesHash: null, block: null, winner: null })).toMatchObject({ ok: true, state: 'open' });
  });
});
