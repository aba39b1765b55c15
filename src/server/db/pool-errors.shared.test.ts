// PostgreSQL ends idle connections now and then (a restart, a failover, an administrator). The pool
// must drop them and go on serving, not let their 'error' event end the process. (PostgreSQL only.)
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness';

describe('connections the server ends (postgres)', () => {
  const t = useTestApp();

  it('keeps serving after every idle connection of the pool was terminated', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sale' })).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      // Every other connection to the test database: the app's pool and its LISTEN connection.
      const others = 'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()';
      const ended = await admin.query<{ ended: boolean }>(`select pg_terminate_backend(pid) as ended from (${others}) as other`);
      expect(ended.rows.filter((r) => r.ended).length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The pool notices the ended connections, drops them, and opens new ones for the next queries.
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).statusCode).toBe(200);
  });
});
