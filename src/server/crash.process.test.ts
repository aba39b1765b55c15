// Crash safety: the server is killed with SIGKILL in the middle of a burst of order creations and
// approvals, then restarted on the same data. Everything it acknowledged must still be there, and
// every credit must appear exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@/contracts/orders';
import { saleSettingsBodyOf, type SaleSettings } from '@/contracts/sale';
import type { AdminUserDetail } from '@/contracts/users';
import { dec } from '@/domain/decimal';
import { createScratchDatabase } from '@/test/scratch-database';
import { databaseKind } from './test/harness';
import { freePorts, killServers, startServer, waitForOutput } from './test/process';

let PORT = '';
let BASE = '';
const OPERATOR = { login: 'crash-operator', password: 'crash-operator-password' };
const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  PORT = String((await freePorts(1))[0]);
  BASE = `http://127.0.0.1:${PORT}`;
  const common = {
    PORT,
    ADMIN_LOGIN: OPERATOR.login,
    ADMIN_PASSWORD: OPERATOR.password,
    REGISTER_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000',
    ORDER_LIMIT_PER_ACCOUNT: '100000',
    ORDER_LIMIT_PER_IP: '100000',
    WEB_ROOT: '/nonexistent',
  };
  if (databaseKind === 'postgres') {
    // A database of its own: the server runs its migrations and seeds as on a first start.
    const database = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', `presale_crash_${process.pid}`);
    env = { ...common, DATABASE_URL: database.url };
    cleanup = database.drop;
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'presale-crash-'));
    env = { ...common, DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
});

afterAll(async () => {
  await killServers();
  await cleanup();
});

async function call(method: string, path: string, cookie: string | null, body?: unknown): Promise<{ status: number; data: unknown; cookie: string | null }> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.get('set-cookie');
  return { status: res.status, data: (await res.json()) as unknown, cookie: set ? (set.split(';')[0] ?? null) : null };
}

async function signInOperator(): Promise<string> {
  const res = await call('POST', '/api/admin/auth/login', null, OPERATOR);
  if (!res.cookie) throw new Error(`operator sign-in failed: ${res.status}`);
  // Wallet addresses ask for the password again (step-up).
  const stepUp = await call('POST', '/api/admin/step-up', res.cookie, { password: OPERATOR.password });
  if (stepUp.status !== 200) throw new Error(`operator step-up failed: ${stepUp.status}`);
  return res.cookie;
}

async function allOrders(operator: string): Promise<AdminOrder[]> {
  const orders: AdminOrder[] = [];
  for (let page = 1; ; page++) {
    const data = (await call('GET', `/api/admin/orders?pageSize=100&page=${page}`, operator)).data as { orders: AdminOrder[]; total: number };
    orders.push(...data.orders);
    if (orders.length >= data.total || data.orders.length === 0) return orders;
  }
}

describe(`crash safety (${databaseKind})`, () => {
  it('keeps every acknowledged order and approval, and credits each approval once, across a SIGKILL', async () => {
    const first = startServer(env);
    await waitForOutput(first.output, 'Presale is running');
    const operator = await signInOperator();
    const offered = await call('POST', '/api/admin/cryptos', operator, { currency: 'CRASH', fullName: 'Crash coin', network: 'evm', chainId: 1, rateSource: 'manual', rate: '1000', address: WALLET, decimals: 18 });
    expect(offered.status).toBe(201);
    // A fresh install's sale opens once an operator saves its schedule (its seeded dates: live now).
    const saleBody = saleSettingsBodyOf((await call('GET', '/api/admin/sale', operator)).data as SaleSettings);
    expect((await call('PUT', '/api/admin/sale', operator, saleBody)).status).toBe(200);
    const buyers: { id: number; cookie: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await call('POST', '/api/auth/register', null, { name: `Crash ${i}`, email: `crash${i}@example.com`, phone: '', password: 'crash-password', confirmPassword: 'crash-password', termsVersion: 1, country: 'DE' });
      if (!res.cookie) throw new Error(`registration failed: ${res.status}`);
      buyers.push({ id: (res.data as { id: number }).id, cookie: res.cookie });
    }

    // The burst: three workers order, one approves whatever is pending, until the kill.
    const ackedOrders = new Set<string>();
    const ackedApprovals = new Set<string>();
    let killed = false;
    const orderWorker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const buyer = buyers[(w + i) % buyers.length];
        if (!buyer) return;
        try {
          const res = await call('POST', '/api/orders', buyer.cookie, { crypto: 'CRASH', tokens: String(40 + ((w * 7 + i) % 500)) });
          if (res.status === 201) ackedOrders.add((res.data as { id: string }).id);
        } catch {
          return; // the server is gone: this request was never acknowledged
        }
      }
    };
    const approveWorker = async () => {
      while (!killed) {
        try {
          const pending = (await call('GET', '/api/admin/orders?status=pending&pageSize=20', operator)).data as { orders: AdminOrder[] };
          await Promise.all(
            pending.orders.map(async (o) => {
              const res = await call('POST', `/api/admin/orders/${o.orderId}/approve`, operator, {});
              if (res.status === 200) ackedApprovals.add(o.id);
            }),
          );
        } catch {
          return;
        }
      }
    };
    const workers = [orderWorker(0), orderWorker(1), orderWorker(2), approveWorker()];
    // Kill once the burst is well under way: enough acknowledged work to check.
    while (ackedOrders.size < 40 || ackedApprovals.size < 15) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await Promise.all(workers);

    const second = startServer(env);
    await waitForOutput(second.output, 'Presale is running');
    const operator2 = await signInOperator();
    const orders = await allOrders(operator2);
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const id of ackedOrders) expect(byId.has(id), `acknowledged order ${id}`).toBe(true);
    for (const id of ackedApprovals) expect(byId.get(id)?.status, `acknowledged approval ${id}`).toBe('approved');

    // Each buyer's ledger holds exactly one purchase and one bonus entry per approved order,
    // and the balance equals what those orders are worth.
    for (const buyer of buyers) {
      const detail = (await call('GET', `/api/admin/users/${buyer.id}`, operator2)).data as AdminUserDetail;
      const approved = detail.orders.filter((o) => o.status === 'approved');
      const expected = approved.reduce((sum, o) => sum.plus(o.tokens).plus(o.bonusTokens), dec(0));
      expect(dec(detail.user.balance).eq(expected), `balance of buyer ${buyer.id}`).toBe(true);
      const perOrder = new Map<string, number>();
      for (const e of detail.ledger) perOrder.set(`${e.orderId ?? ''}:${e.kind}`, (perOrder.get(`${e.orderId ?? ''}:${e.kind}`) ?? 0) + 1);
      expect([...perOrder.values()].every((n) => n === 1)).toBe(true);
      expect(detail.ledger).toHaveLength(approved.length * 2);
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000); // two server starts and a kill: alone ~8 s, slower beside the rest of the suite
});
