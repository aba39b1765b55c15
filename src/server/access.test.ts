// Access is decided by the matched route, never by how its path is spelled. These tests walk the
// server's own route table, so a route added tomorrow is covered the day it is added, and send real
// HTTP requests over a socket, so Node's own parsing of the request target is what is tested.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { accessScope, isApiTarget, trackRouteAccess } from './plugins/access';
import { databaseKind, registerBuyer, signInOperator, useTestApp } from './test/harness';

/** Routes anyone may call; every other route must refuse an anonymous request. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/sale',
  'GET /api/cryptos',
  'GET /api/content',
  'GET /api/logo/:sha256',
  'GET /api/leaderboard',
  'GET /api/transparency',
  'GET /api/transparency/orders',
  'GET /api/transparency/orders.csv',
  'GET /api/transparency/ledger.json',
  'GET /api/transparency/draws',
  'GET /api/transparency/draws/:id',
  'GET /api/draws/current',
  'GET /api/draws/:id/image',
  'GET /api/events',
  'GET /api/terms',
  'GET /api/terms/versions/:version',
  'GET /api/auth/session',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  'POST /api/admin/auth/login',
  'POST /api/admin/auth/logout',
  // The identity provider's verdicts: trusted only with a valid signature over the raw body (decision 041).
  'POST /api/identity/webhook',
  'GET /crypto/:file',
]);

/** The routes, and a HEAD request beside each GET route's (HEAD runs the GET handler, so it must be guarded as GET is). */
const withHead = (routes: { method: string; url: string; access: string | undefined }[]) =>
  routes.flatMap((r) => (r.method === 'GET' ? [r, { method: 'HEAD', url: r.url, access: r.access }] : [r]));

/** Fills route parameters with plausible values, so the route itself is matched. */
const concrete = (url: string) =>
  url.replace(':code', 'ETH').replace(':id', '1').replace(':orderToken', 'AbCdEfGh12345678').replace(':file', 'btc.svg');

/** The ways one path may be spelled so that a router still matches it while the text differs. */
export function spellings(path: string, host: string): string[] {
  const segments = path.split('/').slice(1);
  const at = (i: number, value: string) => '/' + segments.map((s, k) => (k === i ? value : s)).join('/');
  const between = (i: number, insert: string) => '/' + [...segments.slice(0, i), insert, ...segments.slice(i)].join('/');
  const out = new Set<string>([path]);
  segments.forEach((segment, i) => {
    const j = segment.search(/[a-z]/i);
    if (j >= 0) {
      const hex = segment.charCodeAt(j).toString(16);
      out.add(at(i, `${segment.slice(0, j)}%${hex}${segment.slice(j + 1)}`));
      out.add(at(i, `${segment.slice(0, j)}%${hex.toUpperCase()}${segment.slice(j + 1)}`));
    }
    out.add(at(i, segment.toUpperCase()));
    out.add(between(i, '.'));
    out.add(between(i, 'x/..'));
    out.add('/' + segments.map((s, k) => (k === i ? `/${s}` : s)).join('/'));
  });
  out.add(path.toUpperCase());
  out.add(`${path}/`);
  out.add(`${path};x`);
  out.add(`${path}#x`);
  out.add(`http://${host}${path}`);
  out.add(`http://evil.example${path}`);
  out.add(`HTTP://${host.toUpperCase()}${path}`);
  return [...out];
}

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request with the target exactly as given: no client library normalises it first. */
function rawRequest(port: number, method: string, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
    const body = hasBody ? '{}' : '';
    const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
    if (hasBody) lines.push('Content-Type: application/json', `Content-Length: ${body.length}`);
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    socket.on('connect', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        if (i > 0) parsed[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: rest.join('\r\n\r\n') });
    });
  });
}

const webRoot = mkdtempSync(join(tmpdir(), 'presale-access-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>the web app</title>');
writeFileSync(join(webRoot, 'landing.html'), '<!doctype html><title>the landing page</title>');

describe(`access by matched route (${databaseKind})`, () => {
  const t = useTestApp({}, { webRoot });
  let port = 0;

  afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

  const listen = async () => {
    if (port) return port;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    return port;
  };

  it('tags every route with who may call it, and guards all but the public ones', () => {
    const untagged = t.app.routeTable.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    expect(untagged).toEqual([]);
    for (const r of t.app.routeTable) {
      const key = `${r.method} ${r.url}`;
      // Files of the web app are public; under /api only the routes named above are.
      if (PUBLIC_ROUTES.has(key) || !r.url.startsWith('/api')) expect(r.access, key).toBe('public');
      else expect(['buyer', 'operator'], key).toContain(r.access);
      if (r.url.startsWith('/api/admin/') && !key.includes('/api/admin/auth/')) expect(r.access, key).toBe('operator');
    }
    // Every public route named above exists: a renamed route cannot silently leave this list stale.
    const keys = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const key of PUBLIC_ROUTES) expect(keys.has(key), key).toBe(true);
  });

  it('refuses anonymous requests to every guarded route however its path is spelled', async () => {
    const p = await listen();
    const guarded = t.app.routeTable.filter((r) => r.url.startsWith('/api') && !PUBLIC_ROUTES.has(`${r.method} ${r.url}`));
    expect(guarded.length).toBeGreaterThanOrEqual(30);
    const leaks: string[] = [];
    for (const { method, url } of withHead(guarded)) {
      for (const target of spellings(concrete(url), `127.0.0.1:${p}`)) {
        const res = await rawRequest(p, method, target);
        const json = (res.headers['content-type'] ?? '').startsWith('application/json');
        if (!(res.status === 401 || res.status === 404) || !json) leaks.push(`${method} ${target} → ${res.status} ${res.body.slice(0, 80)}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 90_000);

  it('refuses a buyer session on operator routes and an operator session on buyer routes, however spelled', async () => {
    const p = await listen();
    const { cookie: buyer } = await registerBuyer(t.app);
    const operator = await signInOperator(t.app, t.database);
    const leaks: string[] = [];
    for (const { method, url, access } of withHead(t.app.routeTable)) {
      if (access !== 'buyer' && access !== 'operator') continue;
      const cookie = access === 'operator' ? `presale_session=${buyer}; presale_operator_session=${buyer}` : `presale_operator_session=${operator}; presale_session=${operator}`;
      for (const target of spellings(concrete(url), `127.0.0.1:${p}`)) {
        const res = await rawRequest(p, method, target, { Cookie: cookie });
        if (!(res.status === 401 || res.status === 404)) leaks.push(`${method} ${target} → ${res.status}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 90_000);

  it('answers every id parameter out of range or malformed with a 400 or 404, never a 500', async () => {
    const { cookie: buyer } = await registerBuyer(t.app);
    const operator = await signInOperator(t.app, t.database);
    const withParams = t.app.routeTable.filter((r) => r.url.startsWith('/api') && r.url.includes('/:'));
    expect(withParams.length).toBeGreaterThanOrEqual(8);
    const failures: string[] = [];
    for (const { method, url, access } of withParams) {
      const cookies: Record<string, string> = access === 'operator' ? { presale_operator_session: operator } : { presale_session: buyer };
      for (const bad of ['99999999999', '2147483648', '9'.repeat(400), '-1', '0', '1.5', 'abc', '%00', '1e3']) {
        const target = url.replace(/:[A-Za-z]+/, bad);
        const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
        const res = await t.app.inject({ method: method as 'GET', url: target, cookies, payload });
        // 414: a path parameter longer than the router takes.
        if (![400, 404, 409, 414].includes(res.statusCode)) failures.push(`${method} ${target} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  }, 90_000);

  it('answers any unmatched path under /api with the JSON 404, in any letter case or spelling, never the web page', async () => {
    const p = await listen();
    for (const target of ['/api', '/api/', '/api/nothing', '/API/nothing', '/Api/admin/nothing', '/%61pi/nothing', '/%41PI/nothing', '//api/nothing', '/./api/nothing', '/x/../api/nothing', 'http://evil.example/api/nothing', '/api/admin/nothing']) {
      const res = await rawRequest(p, 'GET', target);
      expect(res.status, target).toBe(404);
      expect(res.headers['content-type'], target).toMatch(/^application\/json/);
      expect(res.body, target).not.toContain('the web app');
    }
    // Pages of the web app still get index.html; the landing page is a document of its own.
    const page = await rawRequest(p, 'GET', '/dashboard/buy-token');
    expect(page.status).toBe(200);
    expect(page.body).toContain('the web app');
    for (const target of ['/', '/?utm_source=x']) expect((await rawRequest(p, 'GET', target)).body, target).toContain('the landing page');
  });
});

describe('access scopes', () => {
  it('refuse to start a server with a route registered outside any scope', async () => {
    const app = Fastify();
    trackRouteAccess(app);
    await app.register(accessScope('public', async (scoped) => void scoped.get('/api/open', async () => 'ok')));
    app.get('/api/forgotten', async () => 'secret');
    await expect(app.ready()).rejects.toThrow(/GET \/api\/forgotten/);
  });

  it('start when every route has a scope, and guard inner plugins of a scope too', async () => {
    const app = Fastify();
    const table = trackRouteAccess(app);
    const nested: FastifyPluginAsync = async (scoped) => {
      await scoped.register(async (inner) => void inner.get('/api/nested', async () => 'secret'));
    };
    await app.register(accessScope('operator', nested));
    await app.ready();
    expect(table.map((r) => [r.url, r.access])).toEqual([['/api/nested', 'operator']]);
    await app.close();
  });

  it.each([
    ['/api', true],
    ['/API/x', true],
    ['/%61pi/x', true],
    ['//api/x', true],
    ['/x/../api', true],
    ['http://evil.example/api/x', true],
    ['/api;x/y', true],
    ['/apis', false],
    ['/dashboard', false],
    ['/x/api', false],
    ['/%E0%A4%A', false],
  ])('know %s as an API target: %s', (target, expected) => {
    expect(isApiTarget(target)).toBe(expected);
  });
});
