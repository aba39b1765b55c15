import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STEP_UP_MINUTES } from '@/contracts/permissions';
import { auditLog, sessions } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

describe(`backup route (${databaseKind})`, () => {
  const t = useTestApp();

  it('gives operators a snapshot of the embedded database, and points PostgreSQL to pg_dump', async () => {
    const operator = await signInOperator(t.app, t.database);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/backup', cookies: { presale_operator_session: operator } });
    if (databaseKind === 'pglite') {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/gzip');
      // gzip magic number
      expect([...res.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'backup.download'))).toHaveLength(1);
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { message: 'This server uses PostgreSQL: back it up with pg_dump.' } });
    }
  });

  it('refuses buyers and visitors', async () => {
    const { cookie } = await registerBuyer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/backup', cookies: { presale_session: cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/backup' })).statusCode).toBe(401);
  });

  it('judges HEAD as GET: without the password confirmed lately it asks for it and takes no snapshot', async () => {
    const operator = await signInOperator(t.app, t.database);
    await t.database.db.update(sessions).set({ steppedUpAt: new Date(Date.now() - (STEP_UP_MINUTES * 60 + 1) * 1000) });
    for (const method of ['HEAD', 'GET'] as const) {
      const res = await t.app.inject({ method, url: '/api/admin/backup', cookies: { presale_operator_session: operator } });
      expect([method, res.statusCode]).toEqual([method, 403]);
    }
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'backup.download'))).toEqual([]);
  });
});
