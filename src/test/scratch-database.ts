// Databases a test or benchmark makes for itself on the PostgreSQL server of a given URL, and drops
// after. Each statement runs on a connection of its own, opened for it: a connection held open for the
// whole test would be ended by the test that terminates the pool's connections (pool-errors), or by
// the server going idle, and the drop at the end would fail on it.
import pg from 'pg';

/** Runs one statement on a connection of its own to `url`'s server. */
export async function onDatabaseServer(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  // An idle connection the server ends emits 'error'; the statement's own failure is thrown below.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Drops database `name`, ending its connections. A server process killed a moment ago may still hold
 * one while its backend exits: DROP … WITH (FORCE) then refuses (55006, object in use), so it is tried
 * again for a while.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await onDatabaseServer(url, `drop database if exists "${name}" with (force)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export interface ScratchDatabase {
  /** `url` with the new database's name in place of its own. */
  url: string;
  drop: () => Promise<void>;
}

/** Makes database `name` afresh (dropping one left by an earlier run) on `url`'s server. */
export async function createScratchDatabase(url: string, name: string): Promise<ScratchDatabase> {
  await dropDatabase(url, name);
  await onDatabaseServer(url, `create database "${name}"`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => dropDatabase(url, name) };
}
