// The embedded database runs statements in the server's own thread: a queue of them must leave the
// event loop turns to take in other requests between any two (decision 036).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';

describe('PGlite statements take turns with the rest of the server', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('lets work that arrives while statements queue run before the queue is empty', async () => {
    const done: string[] = [];
    const queued = Array.from({ length: 50 }, (_, i) => database.db.execute(sql`select ${i}::int as n`).then(() => done.push(`statement ${String(i)}`)));
    // A request arriving meanwhile (its callback is an immediate, as an I/O callback would be).
    const arrived = new Promise<void>((resolve) =>
      setImmediate(() => {
        done.push('request');
        resolve();
      }),
    );
    await Promise.all([...queued, arrived]);
    expect(done).toHaveLength(51);
    expect(done.indexOf('request')).toBeLessThan(10);
  });

  it('a failed statement does not stop the ones queued after it', async () => {
    const results = await Promise.allSettled([database.db.execute(sql`select 1`), database.db.execute(sql`select * from no_such_table`), database.db.execute(sql`select 3 as n`)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
