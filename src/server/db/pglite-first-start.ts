// A new embedded data folder is created by PostgreSQL's initdb in a Node process of its own. In the
// server's process initdb leaves its WebAssembly memory (128 MB) and the files it hands over as
// garbage that V8 may keep for the server's whole life: a first start held 100-400 MB more than a
// restart on the same folder (decisions 036, 043). A process that exits gives all of it back.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// CommonJS, so that the child needs no loader and no file of its own: it runs the same PGlite the
// server runs (its CommonJS build), with the same start parameters, then closes the folder.
const CREATE = `
const [pglite, dir, params] = process.argv.slice(1);
const { PGlite } = require(pglite);
const db = new PGlite(dir, { startParams: JSON.parse(params) });
db.waitReady.then(() => db.close()).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
`;

/** Creates PGlite's data folder `dir` in a child process unless it exists; the caller holds the data folder's lock. */
export async function createPgliteDataDir(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['-e', CREATE, pglite, dir, JSON.stringify(startParams)], { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`could not create the database in ${dir}: ${stderr || error.message}`));
      else resolve();
    });
  });
}
