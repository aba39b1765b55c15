// Review in Presale (issue 34, decision 041): the buyer's document and selfie (type read from the
// bytes, size-limited), readable only with the `identity` capability (Owners, and Managers an Owner
// allows; a Viewer is refused), approved or rejected with a reason the buyer sees, every verdict
// audited and mailed; documents deleted after the retention period, audited. Both engines.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_INVALID, DOCUMENT_MAX_BYTES, DOCUMENT_TOO_LARGE, IDENTITY_PENDING, IDENTITY_BY_PROVIDER, type IdentityCheck, type MyIdentity } from '@/contracts/identity';
import type { TeamMember } from '@/contracts/operators';
import { auditLog, identityChecks, identityDocuments, mailOutbox } from '../../db/schema';
import { dataUrl, JPEG, PDF, PNG, saveIdentitySettings } from '../../test/identity-fixture';
import { databaseKind, registerBuyer, signInOperator, useTestApp, type TestContext } from '../../test/harness';
import { sellInOneStage } from '../../test/one-stage-sale';

const OPERATOR = 'presale_operator_session';
const BUYER = 'presale_session';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

function identityApi(t: TestContext) {
  return {
    upload: (cookie: string, document: string, selfie: string) => t.app.inject({ method: 'POST', url: '/api/me/identity/documents', cookies: { [BUYER]: cookie }, payload: { document, selfie } }),
    mine: async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me/identity', cookies: { [BUYER]: cookie } })).json<MyIdentity>(),
    queue: (cookie: string, status = 'pending') => t.app.inject({ method: 'GET', url: `/api/admin/identity/checks?status=${status}`, cookies: { [OPERATOR]: cookie } }),
    file: (cookie: string, id: number, kind: string) => t.app.inject({ method: 'GET', url: `/api/admin/identity/checks/${String(id)}/documents/${kind}`, cookies: { [OPERATOR]: cookie } }),
    approve: (cookie: string, id: number) => t.app.inject({ method: 'POST', url: `/api/admin/identity/checks/${String(id)}/approve`, cookies: { [OPERATOR]: cookie } }),
    reject: (cookie: string, id: number, reason: string) => t.app.inject({ method: 'POST', url: `/api/admin/identity/checks/${String(id)}/reject`, cookies: { [OPERATOR]: cookie }, payload: { reason } }),
    order: (cookie: string) => t.app.inject({ method: 'POST', url: '/api/orders', cookies: { [BUYER]: cookie }, payload: { crypto: 'ETH', tokens: '100' } }),
  };
}

describe(`identity review in Presale (${databaseKind})`, () => {
  // The server's errors, so a 5xx says what failed (a too-large upload once answered 500 in CI).
  const failures: string[] = [];
  const logStream = {
    write: (line: string) => {
      if (line.includes('"level":50')) failures.push(line.slice(0, 4000));
    },
  };
  const t = useTestApp({ REGISTER_LIMIT_PER_IP: '100' }, { logStream });
  const api = identityApi(t);

  it('reads each file’s type from its bytes: a text file named .png, or one over the limit, is refused at its field', async () => {
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '1' });
    const buyer = await registerBuyer(t.app);
    // What a browser sends for notes.txt renamed passport.png: the claimed type is image/png.
    const renamed = dataUrl(Buffer.from('This is not a passport, only text.\n'), 'image/png');
    const refused = await api.upload(buyer.cookie, renamed, dataUrl(PNG));
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.fields).toEqual({ document: DOCUMENT_INVALID });
    const huge = Buffer.concat([PNG, Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    const tooLarge = await api.upload(buyer.cookie, dataUrl(PDF, 'application/pdf'), dataUrl(huge));
    expect(tooLarge.statusCode, failures.join('\n')).toBe(400);
    expect(tooLarge.json<ErrorBody>().error.fields).toEqual({ selfie: DOCUMENT_TOO_LARGE });
    expect(await t.database.db.select().from(identityChecks)).toHaveLength(0);

    // A PDF claimed as a PNG is stored as what it is.
    const made = await api.upload(buyer.cookie, dataUrl(PDF, 'image/png'), dataUrl(JPEG, 'image/jpeg'));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<MyIdentity>()).toMatchObject({ status: 'pending', reason: null });
    const stored = await t.database.db.select({ kind: identityDocuments.kind, mime: identityDocuments.mime, bytes: identityDocuments.bytes }).from(identityDocuments).orderBy(identityDocuments.kind);
    expect(stored).toEqual([
      { kind: 'document', mime: 'application/pdf', bytes: PDF.length },
      { kind: 'selfie', mime: 'image/jpeg', bytes: JPEG.length },
    ]);
    // One check waits at a time.
    const again = await api.upload(buyer.cookie, dataUrl(PNG), dataUrl(PNG));
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toBe(IDENTITY_PENDING);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity.submitted'))).length).toBe(1);
  });

  it('documents are for Owners and the Managers an Owner allows: a Viewer, an Approver and a Manager without the grant are refused', async () => {
    const owner = await signInOperator(t.app, t.database);
    await saveIdentitySettings(t.app, owner, { thresholdUsd: '1' });
    const buyer = await registerBuyer(t.app);
    await api.upload(buyer.cookie, dataUrl(PNG), dataUrl(JPEG, 'image/jpeg'));
    const [check] = (await api.queue(owner)).json<{ checks: IdentityCheck[] }>().checks;
    if (!check) throw new Error('no check in the queue');
    expect(check).toMatchObject({ userId: buyer.id, email: 'ada@example.com', status: 'pending', documents: [{ kind: 'document', mime: 'image/png' }, { kind: 'selfie', mime: 'image/jpeg' }] });

    const file = await api.file(owner, check.id, 'document');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const viewer = await signInOperator(t.app, t.database, 'viewer', 'viewer password 1', 'viewer');
    const approver = await signInOperator(t.app, t.database, 'approver', 'approver password 1', 'approver');
    const manager = await signInOperator(t.app, t.database, 'manager', 'manager password 1', 'manager');
    for (const cookie of [viewer, approver, manager]) {
      expect((await api.file(cookie, check.id, 'document')).statusCode).toBe(403);
      expect((await api.queue(cookie)).statusCode).toBe(403);
      expect((await api.approve(cookie, check.id)).statusCode).toBe(403);
    }
    expect((await api.file(manager, check.id, 'selfie')).json<ErrorBody>().error.message).toBe('An Owner has not allowed you to review identity checks.');

    // The Owner allows the Manager (the team's own step-up route), audited.
    const team = (await t.app.inject({ method: 'GET', url: '/api/admin/operators', cookies: { [OPERATOR]: owner } })).json<{ operators: TeamMember[] }>().operators;
    const managerId = team.find((o) => o.login === 'manager')?.id ?? 0;
    const granted = await t.app.inject({ method: 'PATCH', url: `/api/admin/operators/${String(managerId)}`, cookies: { [OPERATOR]: owner }, payload: { identityAccess: true } });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json<TeamMember>().identityAccess).toBe(true);
    expect((await api.file(manager, check.id, 'selfie')).statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.identity_access')))[0]?.after).toEqual({ identityAccess: true });
    // A grant means nothing to a Viewer: the role decides first.
    const viewerId = team.find((o) => o.login === 'viewer')?.id ?? 0;
    await t.app.inject({ method: 'PATCH', url: `/api/admin/operators/${String(viewerId)}`, cookies: { [OPERATOR]: owner }, payload: { identityAccess: true } });
    expect((await api.file(viewer, check.id, 'document')).statusCode).toBe(403);

    // Every opening is audited, by whom and which file; refusals and missing files open nothing.
    expect((await api.file(owner, check.id + 1000, 'document')).statusCode).toBe(404);
    const opened = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity.document_opened')).orderBy(auditLog.id);
    expect(opened.map((a) => [a.operatorLogin, a.entity, (a.after as { kind: string }).kind])).toEqual([
      ['operator', `identity:${String(check.id)}`, 'document'],
      ['manager', `identity:${String(check.id)}`, 'selfie'],
    ]);
    expect(opened[0]?.after).toMatchObject({ userId: buyer.id, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown });
  });

  it('a rejection’s reason reaches the buyer (page and mail); new documents, then an approval, and the buyer orders past the threshold', async () => {
    await sellInOneStage(t.database.db);
    const owner = await signInOperator(t.app, t.database);
    await saveIdentitySettings(t.app, owner, { thresholdUsd: '1.5' });
    const buyer = await registerBuyer(t.app);
    const ordered = await api.order(buyer.cookie);
    expect(ordered.statusCode).toBe(201);
    const usd = ordered.json<{ usdAmount: string }>().usdAmount;
    expect((await api.order(buyer.cookie)).statusCode).toBe(409);

    await api.upload(buyer.cookie, dataUrl(PNG), dataUrl(PNG));
    const first = (await t.database.db.select().from(identityChecks))[0];
    if (!first) throw new Error('no check');
    expect((await api.reject(owner, first.id, '  ')).json<ErrorBody>().error.fields).toHaveProperty('reason');
    const rejected = await api.reject(owner, first.id, 'The document photo is blurred: send a sharper one.');
    expect(rejected.statusCode, rejected.body).toBe(200);
    // The reviewer sees the buyer's country and what their approved and pending orders come to.
    expect(rejected.json<IdentityCheck>()).toMatchObject({ status: 'rejected', decidedBy: 'operator', country: 'DE', committedUsd: usd });
    expect(await api.mine(buyer.cookie)).toMatchObject({ status: 'rejected', reason: 'The document photo is blurred: send a sharper one.' });
    // Decided once.
    expect((await api.approve(owner, first.id)).statusCode).toBe(409);
    expect((await api.order(buyer.cookie)).statusCode).toBe(409);

    expect((await api.upload(buyer.cookie, dataUrl(PNG), dataUrl(PNG))).statusCode).toBe(201);
    const [second] = (await api.queue(owner)).json<{ checks: IdentityCheck[] }>().checks;
    if (!second) throw new Error('no second check');
    expect(second.committedUsd).toBe(usd);
    expect((await api.approve(owner, second.id)).statusCode).toBe(200);
    expect(await api.mine(buyer.cookie)).toMatchObject({ status: 'approved', reason: null });
    expect((await api.order(buyer.cookie)).statusCode).toBe(201);
    expect((await api.upload(buyer.cookie, dataUrl(PNG), dataUrl(PNG))).statusCode).toBe(409);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, `identity:${String(first.id)}`));
    expect(audit.map((a) => a.action).sort()).toEqual(['identity.rejected', 'identity.submitted']);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ada@example.com'));
    const kinds = mails.map((m) => m.kind).filter((k) => k.startsWith('identity-'));
    expect(kinds.sort()).toEqual(['identity-approved', 'identity-rejected']);
    expect(mails.find((m) => m.kind === 'identity-rejected')?.text).toContain('The document photo is blurred: send a sharper one.');
  });

  it('the retention job deletes documents of checks decided longer ago than the period, audited, and keeps the rest', async () => {
    const owner = await signInOperator(t.app, t.database);
    await saveIdentitySettings(t.app, owner, { thresholdUsd: '1', retentionDays: 30 });
    const old = await registerBuyer(t.app, { email: 'old@example.com' });
    const recent = await registerBuyer(t.app, { email: 'recent@example.com' });
    const waiting = await registerBuyer(t.app, { email: 'waiting@example.com' });
    for (const b of [old, recent, waiting]) expect((await api.upload(b.cookie, dataUrl(PNG), dataUrl(PNG))).statusCode).toBe(201);
    const checks = (await api.queue(owner)).json<{ checks: IdentityCheck[] }>().checks;
    const idOf = (userId: number) => checks.find((c) => c.userId === userId)?.id ?? 0;
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    await t.app.identity.approve({ id: null, login: 'operator' }, idOf(old.id), new Date(now.getTime() - 31 * day));
    await t.app.identity.reject({ id: null, login: 'operator' }, idOf(recent.id), 'Blurred', new Date(now.getTime() - 29 * day));

    expect(await t.app.identityRetention.runOnce(now)).toBe(1);
    const held = await t.database.db.select({ checkId: identityDocuments.checkId }).from(identityDocuments);
    expect(new Set(held.map((d) => d.checkId))).toEqual(new Set([idOf(recent.id), idOf(waiting.id)]));
    expect((await api.file(owner, idOf(old.id), 'document')).statusCode).toBe(404);
    const [deletion] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'identity.documents_deleted'));
    expect(deletion).toMatchObject({ operatorLogin: 'Retention', entity: `identity:${String(idOf(old.id))}`, after: { userId: old.id, documents: 2, retentionDays: 30 } });
    // The verdict stays: the buyer is still verified.
    expect(await api.mine(old.cookie)).toMatchObject({ status: 'approved' });
    const [approved] = (await api.queue(owner, 'approved')).json<{ checks: IdentityCheck[] }>().checks;
    expect(approved).toMatchObject({ documents: [] });
    expect(approved?.documentsDeletedAt).not.toBeNull();
    // Run again: nothing left to delete.
    expect(await t.app.identityRetention.runOnce(now)).toBe(0);
  });

  it('in provider mode, documents are not taken here', async () => {
    await saveIdentitySettings(t.app, await signInOperator(t.app, t.database), { thresholdUsd: '1', mode: 'provider', webhookSecret: 'whsec_0123456789abcdef', flowUrl: 'https://kyc.example/flow?ref={userId}' });
    const buyer = await registerBuyer(t.app);
    const refused = await api.upload(buyer.cookie, dataUrl(PNG), dataUrl(PNG));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.message).toBe(IDENTITY_BY_PROVIDER);
  });
});
