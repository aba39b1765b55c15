// Migrations applied to a database that already holds data, as an upgrade meets them (tests otherwise
// start from empty tables): migration 0045 fills each buyer's pending count from the orders there,
// and the trigger keeps it from then on.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './client';
import { orders } from './schema';

/** A copy of the migrations folder whose journal ends with migration `last`. */
function migrationsUpTo(last: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'presale-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= last) }));
  return dir;
}

describe('migrations on a database with data', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  /** An in-memory database migrated up to migration `last`, as a server of that release left it. */
  async function databaseAt(last: number) {
    const client = new PGlite();
    const db = drizzle(client);
    const folder = migrationsUpTo(last);
    folders.push(folder);
    await migrate(db, { migrationsFolder: folder });
    return { client, db };
  }

  it('0045 counts the pending orders already there, and the trigger keeps the counts after it', async () => {
    const { client, db } = await databaseAt(44);

    // Written as SQL: the schema in the code has columns that later migrations add.
    const [a, b] = ((await db.execute(sql`insert into users (name, email, password_hash) values ('A', 'a@example.com', 'x'), ('B', 'b@example.com', 'x') returning id`)) as { rows: { id: number }[] }).rows;
    if (!a || !b) throw new Error('no users');
    const order = (n: number, userId: number, status: 'pending' | 'expired') => ({ publicId: `upgrade${String(n)}`, userId, cryptoCode: 'ETH', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', status, tokens: '100', bonusTokens: '0', payAmount: '1', rate: '300000', usdAmount: '1', priceUsd: '0.01', expiresAt: new Date(Date.now() + 3_600_000) });
    await db.insert(orders).values([order(1, a.id, 'pending'), order(2, a.id, 'pending'), order(3, a.id, 'expired'), order(4, b.id, 'pending')]);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const counts = async () => ((await db.execute(sql`select user_id, pending from buyer_pending_orders order by user_id`)) as { rows: { user_id: number; pending: number }[] }).rows;
    expect(await counts()).toEqual([
      { user_id: a.id, pending: 2 },
      { user_id: b.id, pending: 1 },
    ]);
    await db.insert(orders).values(order(5, a.id, 'pending'));
    await db.execute(sql`update orders set status = 'expired' where public_id = 'upgrade4'`);
    expect(await counts()).toEqual([
      { user_id: a.id, pending: 3 },
      { user_id: b.id, pending: 0 },
    ]);
    await client.close();
  });

  it('0047 counts a verified address as proven since its verification, and an unverified one not at all', async () => {
    const { client, db } = await databaseAt(46);
    await db.execute(sql`insert into users (name, email, password_hash, email_verified_at) values ('A', 'a@example.com', 'x', '2026-11-20T10:00:00Z'), ('B', 'b@example.com', 'x', null)`);
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const rows = ((await db.execute(sql`select email, address_proven_at = email_verified_at as same, address_proven_at is null as unproven from users order by email`)) as { rows: { email: string; same: boolean | null; unproven: boolean }[] }).rows;
    expect(rows).toEqual([
      { email: 'a@example.com', same: true, unproven: false },
      { email: 'b@example.com', same: null, unproven: true },
    ]);
    await client.close();
  });
});
