import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { backupDataDir, DataDirLockedError, restoreDataDir } from './backup';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { ensureSaleSettings } from './modules/sale/sale.repository';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), 'presale-backup-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function withDatabase<T>(dataDir: string, fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

const addUser = (email: string) => sql`insert into users (name, email, password_hash) values ('Backup', ${email}, 'x')`;
const countUsers = async (db: Awaited<ReturnType<typeof openDatabase>>['db']) => {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n;
};

describe('embedded database backup and restore', () => {
  it('restores a snapshot, keeping the replaced data aside', async () => {
    const dataDir = join(temp(), 'data');
    const file = join(temp(), 'backup.tar.gz');
    await withDatabase(dataDir, async (db) => {
      await ensureSaleSettings(db, new Date());
      await db.execute(addUser('kept@example.com'));
    });
    expect(await backupDataDir(dataDir, file)).toBeGreaterThan(0);
    await withDatabase(dataDir, (db) => db.execute(addUser('after-backup@example.com')));

    const previous = await restoreDataDir(dataDir, file);
    expect(previous && existsSync(previous)).toBe(true);
    expect(await withDatabase(dataDir, countUsers)).toBe(1);
  }, 60_000);

  it('refuses a file that is not a backup and changes nothing', async () => {
    const dataDir = join(temp(), 'data');
    const junk = join(temp(), 'junk.tar.gz');
    writeFileSync(junk, 'this is not a database');
    await withDatabase(dataDir, async (db) => {
      await ensureSaleSettings(db, new Date());
      await db.execute(addUser('stays@example.com'));
    });
    await expect(restoreDataDir(dataDir, junk)).rejects.toThrow();
    expect(await withDatabase(dataDir, countUsers)).toBe(1);
  }, 60_000);

  it('refuses to restore or back up directly while a server holds the folder', async () => {
    const dataDir = join(temp(), 'data');
    const database = await openDatabase({ dataDir });
    try {
      await expect(restoreDataDir(dataDir, join(temp(), 'none.tar.gz'))).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(backupDataDir(dataDir, join(temp(), 'x.tar.gz'))).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await database.close();
    }
  }, 60_000);
});
