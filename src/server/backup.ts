// Backup and restore of the embedded database (PGlite in DATA_DIR). PostgreSQL uses pg_dump.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError } from './db/lock';

/** Writes a snapshot of the stopped embedded database to `file`. Throws DataDirLockedError while a server runs. */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const backup = database.backup;
    if (!backup) throw new Error('only the embedded database can be backed up this way');
    const bytes = await backup();
    writeFileSync(file, bytes);
    return bytes.byteLength;
  } finally {
    await database.close();
  }
}

/** Downloads a snapshot from a running server through its operator API. */
export async function backupThroughServer(url: string, login: string, password: string, file: string): Promise<number> {
  const signIn = await fetch(new URL('/api/admin/auth/login', url), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login, password }) });
  if (!signIn.ok) throw new Error(`operator sign-in failed (HTTP ${signIn.status})`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  // A backup asks for the password again (step-up), confirmed at once here.
  const stepUp = await fetch(new URL('/api/admin/step-up', url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ password }) });
  if (!stepUp.ok) throw new Error(`operator step-up failed (HTTP ${stepUp.status})`);
  const res = await fetch(new URL('/api/admin/backup', url), { headers: { cookie } });
  if (!res.ok) throw new Error(`backup failed (HTTP ${res.status}): ${await res.text()}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  writeFileSync(file, bytes);
  return bytes.byteLength;
}

/**
 * Replaces the embedded database with a snapshot. The server must be stopped. The snapshot is
 * opened and checked in a scratch folder first; the current data moves aside, never deleted.
 * Returns where the previous data went.
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<string | null> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lock = acquireDataDirLock(dir);
  const scratch = mkdtempSync(join(dirname(dir), '.presale-restore-'));
  try {
    const snapshot = new Blob([readFileSync(file)]);
    const check = new PGlite(join(scratch, 'pg'), { loadDataDir: snapshot });
    const { rows } = await check.query<{ n: number }>('select count(*)::int as n from sale_settings');
    await check.close();
    if (rows[0]?.n !== 1) throw new Error('the file is not a Presale backup (no sale settings in it)');
    const current = join(dir, 'pg');
    let movedTo: string | null = null;
    if (existsSync(current)) {
      movedTo = join(dir, `pg.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      renameSync(current, movedTo);
    }
    renameSync(join(scratch, 'pg'), current);
    return movedTo;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    lock.release();
  }
}

export { DataDirLockedError };
