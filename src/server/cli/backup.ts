// npm run backup -- <file>    snapshot of the embedded database (while the server runs: through it)
// npm run restore -- <file>   replace the embedded database with a snapshot (server stopped)
// With DATABASE_URL set, use pg_dump and pg_restore instead.
import { loadConfig } from '../config';
import { backupDataDir, backupThroughServer, DataDirLockedError, restoreDataDir } from '../backup';

async function run(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    console.error('Usage: npm run backup -- <file> | npm run restore -- <file>');
    return 2;
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore.');
    return 2;
  }
  if (command === 'restore') {
    try {
      const previous = await restoreDataDir(config.DATA_DIR, file);
      console.log(`Restored ${file} into ${config.DATA_DIR}.${previous ? ` The previous data is kept in ${previous}.` : ''}`);
      return 0;
    } catch (e) {
      if (e instanceof DataDirLockedError) console.error(`${e.message} Stop the server before restoring.`);
      else console.error(`Restore failed: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
  }
  try {
    const bytes = await backupDataDir(config.DATA_DIR, file);
    console.log(`Backup written to ${file} (${bytes} bytes).`);
    return 0;
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    // The server holds the folder: ask it for a consistent snapshot instead.
    const login = process.env.OPERATOR_LOGIN;
    const password = process.env.OPERATOR_PASSWORD;
    if (!login || !password) {
      console.error('The server is running on this data folder. Set OPERATOR_LOGIN and OPERATOR_PASSWORD to back up through it, or stop it first.');
      return 1;
    }
    try {
      const bytes = await backupThroughServer(config.PUBLIC_URL, login, password, file);
      console.log(`Backup of the running server written to ${file} (${bytes} bytes).`);
      return 0;
    } catch (err) {
      console.error(`Backup through ${config.PUBLIC_URL} failed: ${err instanceof Error ? err.message : String(err)}`);
      return 1;
    }
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
