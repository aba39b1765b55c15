// Two instances on one PostgreSQL database behind nginx with the documented configuration
// (deploy/nginx/presale.conf), all real processes on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AdminOrder } from '@/contracts/orders';
import { saleSettingsBodyOf, type SaleSettings } from '@/contracts/sale';
import { createScratchDatabase } from '@/test/scratch-database';
import { startFakeFeed, type FakeFeed } from './test/fake-price-feed';
import { freePorts, killServers, startServer, waitForOutput } from './test/process';

const NGINX = '/usr/sbin/nginx';
let [A, B, LB] = [0, 0, 0];
const url = (port: number) => `http://127.0.0.1:${port}`;
const OPERATOR = { login: 'scale-operator', password: 'scale-operator-password' };

let nginx: ChildProcess | undefined;
let feed: FakeFeed;
let dir: string;
let dropDatabase: () => Promise<void>;

/** The documented site config, pointed at this test's ports and wrapped in a minimal nginx.conf. */
function nginxConfig(): string {
  const site = readFileSync(join(import.meta.dirname, '../../deploy/nginx/presale.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${A}`)
    .replace(/server 127\.0\.0\.1:3002/, `server 127.0.0.1:${B}`)
    .replace(/access_log [^;]+;/, 'access_log off;')
    .replace('listen 80;', `listen 127.0.0.1:${LB};`);
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${site}
}`;
}

beforeAll(async () => {
  [A = 0, B = 0, LB = 0] = await freePorts(3);
  dir = mkdtempSync(join(tmpdir(), 'presale-scale-'));
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', `presale_scale_${process.pid}`);
  dropDatabase = database.drop;
  feed = await startFakeFeed();
  feed.behaviour = { kind: 'prices', prices: { bitcoin: 50_000, ethereum: 3000 } };
  const env = (port: number) => ({
    PORT: String(port),
    DATABASE_URL: database.url,
    PUBLIC_URL: url(LB),
    TRUST_PROXY: '1',
    ADMIN_LOGIN: OPERATOR.login,
    ADMIN_PASSWORD: OPERATOR.password,
    REGISTER_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_IP: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '6',
    ORDER_LIMIT_PER_ACCOUNT: '10000',
    ORDER_LIMIT_PER_IP: '10000',
    PRICE_API_URL: feed.url,
    RATE_REFRESH_MINUTES: '60',
    WEB_ROOT: '/nonexistent',
  });
  // Started together: migrations are serialised, and the first rate refresh is claimed once.
  const servers = [startServer(env(A)), startServer(env(B))];
  await Promise.all(servers.map((s) => waitForOutput(s.output, 'Presale is running', 90_000)));
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig());
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url(LB)}/api/health`)).ok) break;
    } catch {
      if (i > 100) throw new Error('nginx did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}, 120_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await killServers();
  await feed.close();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

async function post(port: number, path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${url(port)}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as unknown, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

async function get(port: number, path: string, cookie: string) {
  const res = await fetch(`${url(port)}${path}`, { headers: { cookie } });
  return (await res.json()) as unknown;
}

describe('two instances behind nginx on one PostgreSQL', () => {
  it('ran the first rate refresh once between them', () => {
    expect(feed.requests).toHaveLength(1);
  });

  it('keeps a buyer signed in whichever instance answers', async () => {
    const reg = await post(LB, '/api/auth/register', { name: 'Scale Buyer', email: 'scale@example.com', phone: '', password: 'scale-password', confirmPassword: 'scale-password', termsVersion: 1, country: 'DE' });
    expect(reg.status).toBe(201);
    for (const port of [A, B, LB, LB, LB, LB]) {
      expect(await get(port, '/api/auth/session', reg.cookie)).toMatchObject({ buyer: { email: 'scale@example.com' } });
    }
  });

  it('counts sign-in attempts across instances', async () => {
    const statuses: number[] = [];
    // Attempts count per account name, whether or not the account exists.
    for (const port of [A, B, A, B, A, B, A]) statuses.push((await post(port, '/api/admin/auth/login', { login: 'guessed-operator', password: 'wrong' })).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses[6]).toBe(429);
  });

  it('delivers an approval made through one instance to a subscriber on the other, and credits 500 orders once each', async () => {
    const operator = await signInOperator();
    const offered = await post(A, '/api/admin/cryptos', { currency: 'SCALE', fullName: 'Scale coin', network: 'evm', chainId: 1, rateSource: 'manual', rate: '1000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', decimals: 18 }, operator);
    expect(offered.status).toBe(201);

    // An SSE subscriber on instance B.
    const events: string[] = [];
    const stream = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: B, path: '/api/events' }, resolve);
      req.on('error', reject);
      req.end();
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const m of chunk.matchAll(/^event: (.+)$/gm)) if (m[1]) events.push(m[1]);
    });
    await expect.poll(() => events).toContain('ready');

    // 500 orders from 25 buyers, through nginx: 20 pending each, the most the Sale page allows.
    const saleBody = saleSettingsBodyOf((await get(A, '/api/admin/sale', operator)) as SaleSettings);
    const saved = await fetch(`${url(A)}/api/admin/sale`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie: operator }, body: JSON.stringify({ ...saleBody, maxPendingOrders: 20 }) });
    expect(saved.status).toBe(200);
    const buyers: string[] = [];
    for (let i = 0; i < 25; i++) {
      buyers.push((await post(LB, '/api/auth/register', { name: `Buyer ${i}`, email: `many${i}@example.com`, phone: '', password: 'scale-password', confirmPassword: 'scale-password', termsVersion: 1, country: 'DE' })).cookie);
    }
    const created: string[] = [];
    for (let batch = 0; batch < 25; batch++) {
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => post(LB, '/api/orders', { crypto: 'SCALE', tokens: '100' }, buyers[(batch + i) % 25])));
      for (const r of results) {
        expect(r.status).toBe(201);
        created.push((r.body as { id: string }).id);
      }
    }
    expect(created).toHaveLength(500);

    const ids: number[] = [];
    for (let page = 1; ids.length < 500; page++) {
      const data = (await get(A, `/api/admin/orders?status=pending&pageSize=100&page=${page}`, operator)) as { orders: AdminOrder[] };
      if (data.orders.length === 0) break;
      ids.push(...data.orders.map((o) => o.orderId));
    }
    expect(ids).toHaveLength(500);

    // One approval through A reaches the subscriber on B.
    const [firstId = 0, ...rest] = ids;
    expect((await post(A, `/api/admin/orders/${firstId}/approve`, {}, operator)).status).toBe(200);
    await expect.poll(() => events).toContain('sale');

    // Every other order approved twice at once, once through each instance: one wins each time.
    const wins: number[] = [1];
    for (let i = 0; i < rest.length; i += 25) {
      const chunk = rest.slice(i, i + 25);
      const results = await Promise.all(chunk.flatMap((id) => [post(A, `/api/admin/orders/${id}/approve`, {}, operator), post(B, `/api/admin/orders/${id}/approve`, {}, operator)]));
      wins.push(results.filter((r) => r.status === 200).length);
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    }
    expect(wins.reduce((a, b) => a + b, 0)).toBe(500);

    const admin = new pg.Client({ connectionString: (process.env.TEST_DATABASE_URL ?? '').replace(/\/[^/]+$/, `/presale_scale_${process.pid}`) });
    await admin.connect();
    const { rows } = await admin.query<{ n: string; total: string }>("select count(*) as n, sum(amount)::text as total from ledger_entries");
    await admin.end();
    expect(rows[0]).toEqual({ n: '1000', total: '52500.000000' });

    stream.destroy();
  }, 180_000);

  it("sells a stage's last 1,000 tokens to 200 buyers racing through both instances without overselling any stage, and credits once", async () => {
    const operator = await signInOperator();
    const db = new pg.Client({ connectionString: (process.env.TEST_DATABASE_URL ?? '').replace(/\/[^/]+$/, `/presale_scale_${process.pid}`) });
    await db.connect();
    onTestFinished(() => db.end());
    // Stage 1 keeps exactly 1,000 tokens beyond what it holds; stage 2 takes 5,000 at a higher price; then nothing.
    await db.query(`update sale_stages set allocation = tokens_committed + 1000 where position = 1`);
    await db.query(`insert into sale_stages (position, name, price_usd, allocation) values (2, 'Stage 2', 0.0105, 5000)`);
    await db.query(`update sale_settings set hard_cap = (select sum(allocation) from sale_stages)`);
    const [stage1, stage2] = (await db.query<{ id: number; committed: string }>('select id, tokens_committed::text as committed from sale_stages order by position')).rows;

    // 200 buyers signed in: accounts and sessions written as registration writes them, without hashing
    // 200 passwords (registration and sign-in are the test above's; this one is about the race).
    const tokens = Array.from({ length: 200 }, () => randomBytes(32).toString('base64url'));
    const racers = await db.query<{ id: number }>(
      // Each with a declared country of residence, as registration asks (issue 34).
      `insert into users (name, email, password_hash, country) select 'Racer ' || i, 'racer' || i || '@example.com', 'no password', 'DE' from generate_series(1, 200) as i order by i returning id`,
    );
    await db.query(`insert into sessions (id_hash, kind, subject_id, expires_at) select h, 'buyer', id, now() + interval '1 day' from unnest($1::text[], $2::int[]) as s(h, id)`, [
      tokens.map((t) => createHash('sha256').update(t).digest('hex')),
      racers.rows.map((r) => r.id),
    ]);
    // Ordering needs the current terms accepted (issue 34), as registration records it; the test above registered, so version 1 exists.
    await db.query(
      `insert into terms_acceptances (user_id, version, sha256, accepted_at, ip_address) select u.id, v.version, v.sha256, now(), '127.0.0.1' from unnest($1::int[]) as u(id), (select version, sha256 from terms_versions order by version desc limit 1) as v`,
      [racers.rows.map((r) => r.id)],
    );
    const buyers = tokens.map((t) => `presale_session=${t}`);
    // A page open on instance A hears that a stage sold out: the database announces it (orders create no sale event).
    const events: string[] = [];
    const stream = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: A, path: '/api/events' }, resolve);
      req.on('error', reject);
      req.end();
    });
    onTestFinished(() => void stream.destroy());
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      for (const m of chunk.matchAll(/^event: (.+)$/gm)) if (m[1]) events.push(m[1]);
    });
    await expect.poll(() => events).toContain('ready');

    // All at once, half through each instance: 200 × 70 tokens for 6,000 left.
    const results = await Promise.all(buyers.map((cookie, i) => post(i % 2 ? A : B, '/api/orders', { crypto: 'SCALE', tokens: '70' }, cookie)));
    const made = results.filter((r) => r.status === 201).map((r) => r.body as { id: string; pieces: { stage: number; tokens: string }[] });
    const refused = results.filter((r) => r.status === 409);
    expect(made.length + refused.length).toBe(200);
    // 85 orders of 70 fit in 6,000 tokens; the 86th would need 70 with 50 left.
    expect(made).toHaveLength(85);
    for (const r of refused) expect((r.body as { error: { message: string } }).error.message).toMatch(/^This order would exceed the tokens left in the sale \((50|0) PRE available\)\.$/);
    // Exactly one order took stage 1's last tokens and the first of stage 2.
    expect(made.filter((o) => o.pieces.length === 2)).toHaveLength(1);
    const stages = (await db.query<{ committed: string; allocation: string; closed: boolean }>('select tokens_committed::text as committed, allocation::text as allocation, closed_at is not null as closed from sale_stages order by position')).rows;
    expect(stages.map((s) => [Number(s.committed) - Number(s.allocation), s.closed])).toEqual([
      [0, true],
      [-50, false],
    ]);
    const pieces = (await db.query<{ stage: number; tokens: string }>(`select (p->>'stageId')::int as stage, sum((p->>'tokens')::numeric)::text as tokens from orders, jsonb_array_elements(stage_pieces) p where status in ('pending', 'approved') group by 1 order by 1`)).rows;
    expect(pieces).toEqual([
      { stage: stage1?.id, tokens: String(Number(stage1?.committed ?? 0) + 1000) },
      { stage: stage2?.id, tokens: '4950' },
    ]);

    await expect.poll(() => events).toContain('sale');

    // Each order approved twice at once, once through each instance: credited once.
    const ids = (await db.query<{ id: number }>(`select id from orders where status = 'pending' and jsonb_array_length(stage_pieces) >= 1 and (stage_pieces->0->>'stageId')::int in ($1, $2) and created_at > now() - interval '10 minutes' and tokens = 70`, [stage1?.id, stage2?.id])).rows.map((r) => r.id);
    expect(ids).toHaveLength(85);
    const approvals = await Promise.all(ids.flatMap((id) => [post(A, `/api/admin/orders/${id}/approve`, {}, operator), post(B, `/api/admin/orders/${id}/approve`, {}, operator)]));
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(85);
    const { rows } = await db.query<{ n: string; total: string }>(`select count(*) as n, sum(amount)::text as total from ledger_entries where kind = 'purchase' and order_id = any($1)`, [ids]);
    expect(rows[0]).toEqual({ n: '85', total: '5950.000000' });
  }, 180_000);
});

async function signInOperator(): Promise<string> {
  const res = await post(B, '/api/admin/auth/login', OPERATOR);
  if (res.status !== 200) throw new Error(`operator sign-in failed: ${res.status}`);
  // Wallet addresses ask for the password again (step-up).
  const stepUp = await post(B, '/api/admin/step-up', { password: OPERATOR.password }, res.cookie);
  if (stepUp.status !== 200) throw new Error(`operator step-up failed: ${stepUp.status}`);
  return res.cookie;
}
