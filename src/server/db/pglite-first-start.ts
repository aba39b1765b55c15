// A new embedded data folder is created by PostgreSQL's initdb in a Node process of its own. In the
// server's process initdb leaves its WebAssembly memory (128 MB) and the files it hands over as
// garbage that V8 may keep for the server's whole life: a first start held 100-400 MB more than a
// restart on the same folder (decisions 036, 043). A process that exits gives all of it back.
//
// initdb costs ~8 s of CPU. Tests, the browser suite and the benchmarks make a new folder for every
// server they start: with PGLITE_TEMPLATE_DIR set, the first one is kept there (per PGlite version
// and start parameters) and later folders are copies of it (decision 047). A server never opens the
// template itself, and a copy of a cleanly closed data folder is a data folder.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// CommonJS, so that the child needs no loader and no file of its own: it runs the same PGlite the
// server runs (its CommonJS build), with the same start parameters, then closes the folder.
const CREATE = `
const [pglite, dir, params] = process.argv.slice(1);
const { PGlite } = require(pglite);
const db = new PGlite(dir, { startParams: JSON.parse(params) });
db.waitReady.then(() => db.close()).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
`;

/** Creates PGlite's data folder `dir` unless it exists; the caller holds the data folder's lock. */
export async function createPgliteDataDir(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const templates = process.env.PGLITE_TEMPLATE_DIR;
  if (!templates) return initdb(dir, startParams);
  const template = join(resolve(templates), templateKey(startParams));
  if (!existsSync(join(template, 'PG_VERSION'))) {
    // Made beside its final name and renamed into place: a server starting meanwhile never copies half of it.
    const making = `${template}.${String(process.pid)}-${Date.now().toString(36)}`;
    try {
      mkdirSync(dirname(making), { recursive: true });
      await initdb(making, startParams);
      renameSync(making, template);
    } catch (error) {
      rmSync(making, { recursive: true, force: true });
      // Another process put its template in place first: use that one.
      if (!existsSync(join(template, 'PG_VERSION'))) throw error;
    }
  }
  cpSync(template, dir, { recursive: true });
}

/** PGlite's CommonJS entry, which the child process runs. */
const pgliteEntry = () => createRequire(import.meta.url).resolve('@electric-sql/pglite');

/** A template per PGlite release and start parameters: a folder initdb made for others would not do. */
function templateKey(startParams: string[]): string {
  const { version } = JSON.parse(readFileSync(join(dirname(pgliteEntry()), '..', 'package.json'), 'utf8')) as { version: string };
  return `pglite-${version}-${createHash('sha256').update(JSON.stringify(startParams)).digest('hex').slice(0, 12)}`;
}

function initdb(dir: string, startParams: string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['-e', CREATE, pgliteEntry(), dir, JSON.stringify(startParams)], { maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`could not create the database in ${dir}: ${stderr || error.message}`));
      else resolve();
    });
  });
}
