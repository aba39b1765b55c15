// Route and service tests run against a real database: in-memory PGlite, or PostgreSQL when the
// suite runs with TEST_DB=postgres. One database per test process; data is reset before each test.
import type { Role } from '@/contracts/permissions';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { openDatabase, type Database, type Queryable } from '../db/client';
import { cryptos, termsAcceptances } from '../db/schema';
import { seedCryptos } from '../modules/cryptos/cryptos.repository';
import { createOperator } from '../modules/operators/operators.service';
import { getCurrentTerms } from '../modules/content/content.service';
import { ensureSaleSettings } from '../modules/sale/sale.repository';
import type { PriceFeed } from '../modules/rates/price-feed';

let shared: Promise<Database> | undefined;

export const databaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export function testDatabase(): Promise<Database> {
  shared ??= (async () => {
    const url = databaseKind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
    if (databaseKind === 'postgres' && !url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const database = await openDatabase(url ? { databaseUrl: url, poolSize: 30 } : { memory: true });
    await database.migrate();
    return database;
  })();
  return shared;
}

/**
 * Empties every table and seeds what a started server has, except that the sale is already
 * scheduled and live (a fresh install's is unscheduled until an operator saves it: pass
 * `{ scheduled: false }` for that) and every seeded currency is enabled (a fresh install enables
 * the common ones only: `{ freshCryptos: true }`).
 */
export async function resetDatabase(database: Database, options: { scheduled?: boolean; freshCryptos?: boolean } = {}): Promise<void> {
  const tables = (await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as { rows: { tablename: string }[] };
  // Only the tables a test wrote to are emptied, with DELETE: TRUNCATE makes new files for each table
  // and its indexes, and with CASCADE for every table that refers to them — 31 ms of a 50 ms reset on
  // PGlite and 72 of 113 ms on PostgreSQL, against 2–3 ms for DELETE. Foreign keys and triggers are
  // not checked meanwhile (replica role): every table that has rows is emptied in the same
  // transaction. Every sequence then starts again as `restart identity` would have restarted it.
  const names = tables.rows.map((r) => `"${r.tablename}"`);
  const written = names.length ? ((await database.db.execute(sql.raw(names.map((n) => `select '${n}' as name where exists (select 1 from ${n})`).join(' union all ')))) as { rows: { name: string }[] }).rows.map((r) => r.name) : [];
  if (written.length) {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const name of written) await tx.execute(sql.raw(`delete from ${name}`));
    });
    if (database.kind === 'pglite') await vacuumNowAndThen(database, written);
  }
  await database.db.execute(sql`select setval(format('%I.%I', schemaname, sequencename), start_value, false) from pg_sequences where schemaname = 'public' and last_value is not null`);
  await ensureSaleSettings(database.db, new Date(), { scheduled: options.scheduled ?? true });
  await seedCryptos(database.db);
  if (!options.freshCryptos) await database.db.update(cryptos).set({ enabled: true });
}

/**
 * PGlite has no autovacuum: the rows every reset deletes would stay in the tables and their indexes
 * for the whole run, and every later scan would read them. Every tenth reset vacuums the tables
 * emptied since the last vacuum (PostgreSQL's autovacuum does this there).
 */
const emptiedSinceVacuum = new Set<string>();
let resetsSinceVacuum = 0;
async function vacuumNowAndThen(database: Database, emptied: string[]): Promise<void> {
  for (const name of emptied) emptiedSinceVacuum.add(name);
  if (++resetsSinceVacuum < 10) return;
  await database.db.execute(sql.raw(`vacuum ${[...emptiedSinceVacuum].join(', ')}`));
  emptiedSinceVacuum.clear();
  resetsSinceVacuum = 0;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * Builds the app on the shared test database for a test file and resets the data before each test.
 * Use the returned object's fields inside tests (they are set in beforeEach).
 */
export function useTestApp(overrides: Parameters<typeof testConfig>[0] = {}, options: { priceFeed?: PriceFeed; webRoot?: string; logStream?: { write(line: string): void } } = {}): TestContext {
  const ctx: Partial<TestContext> = {};
  beforeEach(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    if (!ctx.app) {
      ctx.database = database;
      ctx.config = testConfig(overrides);
      ctx.app = await buildApp({ config: ctx.config, database, webRoot: '/nonexistent', ...options });
      await ctx.app.ready();
    }
    // Each test starts from fresh data: no figures cached from the last one.
    ctx.app.saleFigures.invalidate();
    ctx.app.currentDraw.invalidate();
  });
  afterAll(async () => {
    await ctx.app?.close();
  });
  return ctx as TestContext;
}

/** The value of a Set-Cookie for `name` in a response, or undefined. */
export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  const found = response.cookies.find((c) => c.name === name);
  return found?.value;
}

export const REGISTRATION = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  /** The terms version every test database starts with (the terms in use become version 1 on first need). */
  termsVersion: 1,
  /** A country no test database restricts by default (issue 34). */
  country: 'DE',
};

/** Registers a buyer and returns their session cookie value. */
export async function registerBuyer(app: FastifyInstance, overrides: Partial<typeof REGISTRATION> = {}): Promise<{ cookie: string; id: number }> {
  const body = { ...REGISTRATION, ...overrides };
  if (overrides.password && !overrides.confirmPassword) body.confirmPassword = overrides.password;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieValue(res, 'presale_session');
  if (!cookie) throw new Error('registration set no session cookie');
  return { cookie, id: res.json<{ id: number }>().id };
}

export const OPERATOR = { login: 'operator', password: 'operator password 1' };

/** Creates an operator (an Owner unless `role` says otherwise), signs them in and confirms the password (step-up); returns the operator session cookie value. */
export async function signInOperator(app: FastifyInstance, database: Database, login = OPERATOR.login, password = OPERATOR.password, role: Role = 'owner'): Promise<string> {
  await createOperator(database.db, login, password, { role });
  const res = await app.inject({ method: 'POST', url: '/api/admin/auth/login', payload: { login, password } });
  if (res.statusCode !== 200) throw new Error(`operator sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieValue(res, 'presale_operator_session');
  if (!cookie) throw new Error('operator sign-in set no cookie');
  // Confirmed at once: the routes that move money or keys open for the next minutes (step-up).
  const stepUp = await app.inject({ method: 'POST', url: '/api/admin/step-up', cookies: { presale_operator_session: cookie }, payload: { password } });
  if (stepUp.statusCode !== 200) throw new Error(`operator step-up failed: ${stepUp.statusCode} ${stepUp.body}`);
  return cookie;
}

/** For buyers a test inserts directly: the acceptance of the current terms that registration records and ordering needs. */
export async function acceptCurrentTerms(db: Queryable, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  const terms = await getCurrentTerms(db);
  await db.insert(termsAcceptances).values(userIds.map((userId) => ({ userId, version: terms.version, sha256: terms.sha256, acceptedAt: new Date(), ipAddress: '127.0.0.1' })));
}
