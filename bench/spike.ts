// P7, a stage-opening spike: N signed-in buyers each create an order as the next stage opens (the
// stage before it ends at an instant the operator set), while the landing (GET / and GET /api/sale)
// is asked for meanwhile. Reports 5xx, whether any stage sold past what it may sell, the orders' p99
// and the landing's p99 during the spike.
//   node --import tsx bench/spike.ts [--quick] [--buyers N] [--nginx]
// PostgreSQL when BENCH_DATABASE_URL is set (--nginx: two instances behind nginx on it); otherwise
// PGlite, whose buyers are written while the server is stopped (its data folder is one process's).
// Buyers' accounts and sessions are written to the database directly, as registration writes them,
// so that signing 5,000 buyers in does not dominate the run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { saleSettingsBodyOf, type SaleSettings } from '../src/contracts/sale';
import { startServer, waitForOutput, type ServerProcess } from '../src/server/test/process';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const behindNginx = args.includes('--nginx');
const buyers = Number(args[args.indexOf('--buyers') + 1] ?? NaN) || (quick ? 200 : 5000);
const TOKENS_EACH = 50;
const OPERATOR = { login: 'spike-operator', password: 'spike-operator-password' };
const PORT = Number(process.env.SPIKE_PORT ?? 3950);

interface Sql {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
}

/** Stage 1 ends `opensInMs` from now; stage 2 then sells 70% of what the buyers ask for; nothing after. */
async function seed(db: Sql, opensAt: Date): Promise<string[]> {
  const tokens = Array.from({ length: buyers }, () => randomBytes(32).toString('base64url'));
  const ids = (await db.query(`insert into users (name, email, password_hash, country) select 'Spike ' || i, 'spike' || i || '@example.com', 'no password', 'DE' from generate_series(1, $1::int) as i order by i returning id`, [buyers])).rows.map((r) => Number(r.id));
  await db.query(`insert into sessions (id_hash, kind, subject_id, expires_at) select h, 'buyer', id, now() + interval '1 day' from unnest($1::text[], $2::int[]) as s(h, id)`, [tokens.map((t) => createHash('sha256').update(t).digest('hex')), ids]);
  // Ordering needs the current terms accepted (issue 34), as registration records it; offerCrypto made the first version.
  await db.query(
    `insert into terms_acceptances (user_id, version, sha256, accepted_at, ip_address) select u.id, v.version, v.sha256, now(), '127.0.0.1' from unnest($1::int[]) as u(id), (select version, sha256 from terms_versions order by version desc limit 1) as v`,
    [ids],
  );
  await db.query(`insert into sale_stages (position, name, price_usd, allocation) select 1, 'Stage 1', 0.01, 1000 where not exists (select 1 from sale_stages where position = 1)`);
  await db.query(`update sale_stages set allocation = tokens_committed + 1000, ends_at = $1 where position = 1`, [opensAt.toISOString()]);
  await db.query(`insert into sale_stages (position, name, price_usd, allocation) values (2, 'Stage 2', 0.0105, $1)`, [String(Math.floor(buyers * TOKENS_EACH * 0.7))]);
  await db.query(`update sale_settings set hard_cap = (select sum(allocation) from sale_stages), max_pending_orders = 20`);
  return tokens.map((t) => `presale_session=${t}`);
}

async function api(base: string, method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${base}${path}`, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, data: (await res.json()) as unknown, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

async function offerCrypto(base: string) {
  // The first terms version is written the first time one is asked for: seed() records its acceptance.
  await api(base, 'GET', '/api/terms');
  const op = await api(base, 'POST', '/api/admin/auth/login', OPERATOR);
  await api(base, 'POST', '/api/admin/step-up', { password: OPERATOR.password }, op.cookie);
  const offered = await api(base, 'POST', '/api/admin/cryptos', { currency: 'SPIKE', fullName: 'Spike coin', network: 'evm', chainId: 1, rateSource: 'manual', rate: '300000', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', decimals: 18 }, op.cookie);
  if (offered.status !== 201) throw new Error(`could not offer a crypto: ${JSON.stringify(offered.data)}`);
  // The sale scheduled as the Sale page saves it.
  const saleBody = saleSettingsBodyOf((await api(base, 'GET', '/api/admin/sale', undefined, op.cookie)).data as SaleSettings);
  const saved = await api(base, 'PUT', '/api/admin/sale', { ...saleBody, maxPendingOrders: 20 }, op.cookie);
  if (saved.status !== 200) throw new Error(`could not save the sale: ${JSON.stringify(saved.data)}`);
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};

/** Every buyer's order, fired from the instant the stage opens, at most `inFlight` at once. */
async function spike(base: string, cookies: string[], opensAt: Date) {
  await new Promise((r) => setTimeout(r, Math.max(0, opensAt.getTime() - Date.now())));
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const refusals = new Map<string, number>();
  const started = performance.now();
  let next = 0;
  const inFlight = 256;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = next++; i < cookies.length; i = next++) {
        const t = performance.now();
        let status = 0;
        try {
          const res = await api(base, 'POST', '/api/orders', { crypto: 'SPIKE', tokens: String(TOKENS_EACH) }, cookies[i]);
          status = res.status;
          if (status !== 201) refusals.set(JSON.stringify(res.data), (refusals.get(JSON.stringify(res.data)) ?? 0) + 1);
        } catch {
          status = -1;
        }
        latencies.push(performance.now() - t);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return { seconds: +((performance.now() - started) / 1000).toFixed(2), statuses: Object.fromEntries(statuses), p50Ms: pct(latencies, 50), p99Ms: pct(latencies, 99), refusals: Object.fromEntries(refusals) };
}

/** GET / and GET /api/sale, four visitors each asking every 50 ms, until `done` settles; p99 of both together and of each. */
async function landing(base: string, done: Promise<unknown>, opensAt: Date) {
  await new Promise((r) => setTimeout(r, Math.max(0, opensAt.getTime() - Date.now())));
  let over = false;
  void done.finally(() => (over = true));
  const byPath: Record<'/' | '/api/sale', number[]> = { '/': [], '/api/sale': [] };
  let errors = 0;
  await Promise.all(
    Array.from({ length: 4 }, async (_, k) => {
      const path = k % 2 ? '/api/sale' : '/';
      while (!over) {
        const t = performance.now();
        const res = await fetch(`${base}${path}`).catch(() => undefined);
        await res?.arrayBuffer();
        if (!res || res.status >= 500) errors++;
        byPath[path].push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
    }),
  );
  const latencies = [...byPath['/'], ...byPath['/api/sale']];
  return { requests: latencies.length, errors, p50Ms: pct(latencies, 50), p99Ms: pct(latencies, 99), pageP99Ms: pct(byPath['/'], 99), saleP99Ms: pct(byPath['/api/sale'], 99) };
}

function nginxConfig(dir: string, lb: number, upstreams: number[]): string {
  const site = readFileSync(join(import.meta.dirname, '../deploy/nginx/presale.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${upstreams[0]}`)
    .replace(/server 127\.0\.0\.1:3002/, `server 127.0.0.1:${upstreams[1]}`)
    .replace(/access_log [^;]+;/, 'access_log off;')
    .replace('listen 80;', `listen 127.0.0.1:${lb};`);
  return `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 8192; }\nhttp {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n  ${site}\n}`;
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (behindNginx && !databaseUrl) throw new Error('--nginx needs BENCH_DATABASE_URL (two instances share PostgreSQL)');
  const dir = mkdtempSync(join(tmpdir(), 'presale-spike-'));
  const env = (port: number): Record<string, string> => ({
    PORT: String(port),
    ADMIN_LOGIN: OPERATOR.login,
    ADMIN_PASSWORD: OPERATOR.password,
    WEB_ROOT: process.env.SPIKE_WEB_ROOT ?? join(import.meta.dirname, '../dist/web'),
    // Every buyer comes from this machine's one address; each account's own limits still apply.
    ORDER_LIMIT_PER_IP: '1000000',
    // e.g. `--import ./my-profiler.mjs` to look inside the servers during the spike.
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
    LOGIN_LIMIT_PER_IP: '1000000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, ...(behindNginx ? { TRUST_PROXY: '1' } : {}) } : { DATA_DIR: dir }),
  });
  const servers: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;
  const start = async (port: number) => {
    const s = startServer(env(port));
    servers.push(s);
    await waitForOutput(s.output, 'Presale is running');
    return s;
  };
  const opensAt = new Date(Date.now() + (quick ? 20_000 : 45_000));
  let cookies: string[];
  let base = `http://127.0.0.1:${PORT}`;
  try {
    if (databaseUrl) {
      const ports = behindNginx ? [PORT, PORT + 1] : [PORT];
      await Promise.all(ports.map(start));
      await offerCrypto(`http://127.0.0.1:${PORT}`);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      cookies = await seed(db, opensAt);
      await db.end();
      if (behindNginx) {
        const lb = PORT + 2;
        writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, lb, ports));
        nginx = spawn('/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
        base = `http://127.0.0.1:${lb}`;
        for (let i = 0; !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); i++) {
          if (i > 100) throw new Error('nginx did not start');
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    } else {
      // Migrated by a first start, seeded while stopped, then started again.
      const first = await start(PORT);
      await offerCrypto(base);
      first.child.kill('SIGTERM');
      await first.exited;
      const db = new PGlite(join(dir, 'pg'));
      cookies = await seed(db, opensAt);
      await db.close();
      await start(PORT);
    }
    const orders = spike(base, cookies, opensAt);
    const [result, land] = await Promise.all([orders, landing(base, orders, opensAt)]);
    const check = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
    let stages: Record<string, unknown>[];
    const stageQuery = `select position, allocation + rolled_in - rolled_out as may_sell, tokens_committed as committed, closed_at is not null as closed from sale_stages order by position`;
    if (check) {
      await check.connect();
      stages = (await check.query<Record<string, unknown>>(stageQuery)).rows;
      await check.end();
    } else {
      for (const s of servers) s.child.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
      const db = new PGlite(join(dir, 'pg'));
      stages = (await db.query<Record<string, unknown>>(stageQuery)).rows;
      await db.close();
    }
    const oversold = stages.filter((s) => Number(s.committed) > Number(s.may_sell)).length;
    const fivexx = Object.entries(result.statuses).filter(([code]) => Number(code) >= 500 || Number(code) < 0).reduce((n, [, c]) => n + c, 0);
    const out = { engine: databaseUrl ? (behindNginx ? 'postgresql, 2 instances behind nginx' : 'postgresql') : 'pglite', buyers, quick, load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '), orders: result, fivexx, oversoldStages: oversold, stages, landing: land };
    console.log(JSON.stringify(out, null, 2));
    console.log(`P7  stage-opening spike    ${out.engine}: ${buyers} buyers in ${result.seconds} s, 5xx ${fivexx}, oversold stages ${oversold}; orders p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms; landing p99 ${land.p99Ms} ms (${land.requests} requests; / ${land.pageP99Ms} ms, /api/sale ${land.saleP99Ms} ms)`);
    if (fivexx > 0 || oversold > 0 || land.errors > 0) process.exitCode = 1;
  } finally {
    nginx?.kill('SIGTERM');
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
