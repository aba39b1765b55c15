// What the built web app depends on, hashed: `npm start` rebuilds only when this hash changes.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The web app imports the shared contracts and domain rules; the lock file pins the libraries it
// bundles, and tsconfig.json its path aliases. Tests are not part of the build.
const SOURCE_FOLDERS = ['src/web', 'src/contracts', 'src/domain'];
const SOURCE_FILES = ['vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.isFile() && !TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** Lists the files the web build reads, relative to the project root, in a stable order. */
function listWebSources(root: string): string[] {
  const files = [...SOURCE_FOLDERS.flatMap((folder) => listFiles(join(root, folder))), ...SOURCE_FILES.map((file) => join(root, file)).filter((path) => existsSync(path) && statSync(path).isFile())];
  // Forward slashes, so that the same sources hash the same on every system.
  return files.map((path) => relative(root, path).replaceAll('\\', '/')).sort();
}

/** SHA-256 of every web source's path and content; a rename changes it as an edit does. */
export function hashWebSources(root: string): string {
  const hash = createHash('sha256');
  for (const file of listWebSources(root)) {
    const content = readFileSync(join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}
