// One database handle for both engines: embedded PGlite in DATA_DIR, or a node-postgres pool when
// DATABASE_URL is set. Both speak PostgreSQL, so one schema and one set of queries serve both.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { createPgliteDataDir } from './pglite-first-start';
import { PROJECT_ROOT } from '../project-root';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => …)`; queries take either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when several instances start together. */
  migrate(): Promise<void>;
  /**
   * Receives notifications sent with pg_notify on `channel` by any process using this database.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * A consistent gzipped tarball of the embedded database, taken while it runs (queries wait for
   * it). Absent on PostgreSQL, which is backed up with pg_dump.
   */
  backup?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = join(PROJECT_ROOT, 'drizzle');
// Any fixed 64-bit key: serialises migrations across instances sharing one PostgreSQL.
const MIGRATION_LOCK_KEY = 7_346_112_901;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Use an in-memory PGlite (tests). */
  memory?: boolean;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

/**
 * PGlite keeps PostgreSQL's shared buffers inside its WebAssembly memory, which grows and never
 * shrinks. PostgreSQL's default of 128 MB is sized for a server of its own; a presale's tables fit in
 * a fraction of it, and a page outside the buffers is read back from the operating system's file
 * cache. At 16 MB, the server of 10,000 live subscribers holds ~130 MB less (decision 036).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (options.memory) {
    client = new PGlite({ startParams: PGLITE_START_PARAMS });
  } else {
    const dir = resolve(options.dataDir ?? './data');
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(dir);
    try {
      await createPgliteDataDir(resolve(dir, 'pg'), PGLITE_START_PARAMS);
    } catch (e) {
      lock.release();
      throw e;
    }
    client = new PGlite(resolve(dir, 'pg'), { startParams: PGLITE_START_PARAMS });
  }
  try {
    await client.waitReady;
  } catch (e) {
    lock?.release();
    throw e;
  }
  const db = drizzlePglite(takingTurns(client), { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    backup: async () => new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()),
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

/**
 * PGlite runs one statement at a time, in this process's thread, and starts the next waiting one as
 * the last one's promise settles: a queue of them (a launch spike's orders) ran as one chain of
 * microtasks, and the server took in nothing else until it was empty (a static page waited seconds).
 * Statements and transactions from outside a transaction now wait in a queue of our own, each
 * started in a turn of the event loop of its own, so requests that arrived meanwhile are read
 * between any two (decision 036). Statements inside a transaction go straight on.
 */
function takingTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const mine = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    last = mine.catch(() => undefined);
    return mine;
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  return Object.assign(Object.create(client) as PGlite, {
    query: ((...args: Parameters<PGlite['query']>) => inTurn(() => query(...args))) as PGlite['query'],
    transaction: ((...args: Parameters<PGlite['transaction']>) => inTurn(() => transaction(...args))) as PGlite['transaction'],
  });
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server ends (a restart, a failover, an administrator) is dropped by the
  // pool and replaced on the next query; unheard, its 'error' event would end the whole process.
  pool.on('error', () => undefined);
  // Fail at start, with the server's own message, when the database cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    close: () => pool.end(),
  };
}

/**
 * LISTEN needs a connection of its own for as long as it listens, outside the pool. If the
 * connection drops, it reconnects after a second; notifications sent meanwhile are lost, which
 * pages tolerate because they also poll.
 */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  const reconnect = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = undefined;
    void c.end().catch(() => undefined);
    retry = setTimeout(() => void connect().catch(() => reconnect(c)), 1000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Cheap round trip for health checks. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * A query built once per database handle, on first use: drizzle then keeps its SQL text (and
 * PostgreSQL its plan, as a named prepared statement) instead of building it on every call.
 */
export function preparedPerHandle<T extends object>(build: (db: Queryable) => T): (db: Queryable) => T {
  const built = new WeakMap<Queryable, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
