import { describe, expect, it } from 'vitest';
import type { AdminPixel } from '@/contracts/pixels';
import { auditLog } from '../../db/schema';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from '../../test/harness';

const OPERATOR = 'presale_operator_session';
const SECRET = 'EAAB-secret-access-token-9876';

describe(`pixels (${databaseKind})`, () => {
  const t = useTestApp();

  const call = (operator: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, cookies: { [OPERATOR]: operator }, ...(payload === undefined ? {} : { payload }) });

  it('adds, edits and deletes pixels, audited, keeping the secondary key on the server', async () => {
    const operator = await signInOperator(t.app, t.database);
    const created = await call(operator, 'POST', '/api/admin/pixels', { apiKey: '1234567890', secondaryKey: SECRET, location: '/dashboard' });
    expect(created.statusCode).toBe(201);
    const pixel = created.json<AdminPixel>();
    expect(pixel).toMatchObject({ apiKey: '1234567890', secondaryKeyHint: '…9876', location: '/dashboard' });

    // Editing without a secondary key keeps it; an empty one removes it.
    const kept = await call(operator, 'PUT', `/api/admin/pixels/${pixel.id}`, { apiKey: '1234567890', location: '/' });
    expect(kept.json()).toMatchObject({ secondaryKeyHint: '…9876', location: '/' });

    // The secret appears in no response: admin list, public content, audit log.
    for (const url of ['/api/admin/pixels', '/api/content', '/api/admin/audit']) {
      const res = await call(operator, 'GET', url);
      expect(res.body, url).not.toContain(SECRET);
    }
    const publicContent = await t.app.inject({ method: 'GET', url: '/api/content' });
    expect(publicContent.json<{ pixels: unknown }>().pixels).toEqual([{ apiKey: '1234567890', location: '/' }]);
    const audit = await t.database.db.select().from(auditLog);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(audit.map((a) => a.action)).toEqual(['pixel.create', 'pixel.update']);

    const cleared = await call(operator, 'PUT', `/api/admin/pixels/${pixel.id}`, { apiKey: '1234567890', secondaryKey: '', location: '/' });
    expect(cleared.json<AdminPixel>().secondaryKeyHint).toBeNull();
    expect((await call(operator, 'DELETE', `/api/admin/pixels/${pixel.id}`)).statusCode).toBe(200);
    expect((await call(operator, 'DELETE', `/api/admin/pixels/${pixel.id}`)).statusCode).toBe(404);
    expect((await call(operator, 'GET', '/api/admin/pixels')).json()).toEqual({ pixels: [] });
  });

  it('allows the pixel hosts in the CSP only while a pixel is configured', async () => {
    const operator = await signInOperator(t.app, t.database);
    const scriptSrc = async () => /script-src ([^;]*)/.exec(String((await t.app.inject({ method: 'GET', url: '/api/sale' })).headers['content-security-policy']))?.[1]?.trim();
    expect(await scriptSrc()).toBe("'self'");
    const pixel = (await call(operator, 'POST', '/api/admin/pixels', { apiKey: '1234567890', location: '/' })).json<AdminPixel>();
    expect(await scriptSrc()).toBe("'self' https://connect.facebook.net");
    const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/img-src 'self' data: https:\/\/www\.facebook\.com/);
    await call(operator, 'DELETE', `/api/admin/pixels/${pixel.id}`);
    expect(await scriptSrc()).toBe("'self'");
  });

  it('refuses bad pixels with the messages of the form and saves nothing', async () => {
    const operator = await signInOperator(t.app, t.database);
    const cases: [Record<string, unknown>, string][] = [
      [{ apiKey: '', location: '/dashboard' }, 'API Key is required'],
      [{ apiKey: '123', location: '' }, 'Location is required'],
      [{ apiKey: '<script>alert(1)</script>', location: '/' }, 'API Key may contain only letters, digits, dashes and underscores.'],
      [{ apiKey: '123', location: 'dashboard' }, 'Location must be a path starting with /'],
      [{ apiKey: '123', location: '/"><script>' }, 'Location must be a path starting with /'],
      [{ apiKey: 'x'.repeat(10_000), location: '/' }, 'API Key must be at most 64 characters.'],
      [{ apiKey: '123', secondaryKey: 'has space', location: '/' }, 'Secondary API Key must not contain spaces'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(operator, 'POST', '/api/admin/pixels', payload);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json()), message).toContain(message);
    }
    expect((await call(operator, 'GET', '/api/admin/pixels')).json()).toEqual({ pixels: [] });
  });

  it('refuses buyers and anonymous visitors', async () => {
    const { cookie } = await registerBuyer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/pixels', cookies: { presale_session: cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/pixels', payload: { apiKey: '1', location: '/' } })).statusCode).toBe(401);
  });
});
