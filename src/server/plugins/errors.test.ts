import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { databaseKind, testDatabase } from '../test/harness';
import { serializeError } from './errors';

const SECRET = 'ada.secret@example.com';

async function failingQuery(): Promise<unknown> {
  const database = await testDatabase();
  // Division by zero: the database's own message names no value, so only drizzle's could leak it.
  return database.db.execute(sql`select ${SECRET}::text as email, 1 / (${0}::int) as boom`).then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe(`errors in the log (${databaseKind})`, () => {
  it('keep the failed query and its SQLSTATE but not the values it was run with', async () => {
    const error = await failingQuery();
    expect((error as Error).message).toContain(SECRET); // drizzle's own message has them
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain(SECRET);
    expect(logged).toContain('Failed query: select $1::text as email');
    expect(logged).toContain('22012'); // division_by_zero, from the driver's error in the cause
  });

  it('are written that way by the app’s logger', async () => {
    const lines: string[] = [];
    const database = await testDatabase();
    const app = await buildApp({ config: testConfig(), database, webRoot: '/nonexistent', logStream: { write: (line) => void lines.push(line) } });
    try {
      app.log.error({ err: await failingQuery() }, 'request failed');
      const line = lines.find((l) => l.includes('request failed'));
      expect(line).toBeDefined();
      expect(line).not.toContain(SECRET);
      expect(line).toContain('parameters withheld from the log');
    } finally {
      await app.close();
    }
  });
});
