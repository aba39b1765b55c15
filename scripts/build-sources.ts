// What the built web app and the built server depend on, hashed: `npm start` rebuilds each only
// when its hash changes.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

interface Sources {
  folders: string[];
  files: string[];
}

// Both import the shared contracts and domain rules; tsconfig.json holds their path aliases and
// JSX setting, and each one's build options are in its config. The web app's lock file pins the
// libraries it bundles; the server leaves libraries to node_modules, but the lock file still
// decides which of them a bare import names. Tests are not part of either build.
const WEB_SOURCES: Sources = { folders: ['src/web', 'src/contracts', 'src/domain'], files: ['vite.config.ts', 'package-lock.json', 'tsconfig.json'] };
const SERVER_SOURCES: Sources = { folders: ['src/server', 'src/contracts', 'src/domain'], files: ['scripts/build-server.ts', 'package-lock.json', 'tsconfig.json'] };
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return entry.isFile() && !TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** Lists the files a build reads, relative to the project root, in a stable order. */
function listSources(root: string, { folders, files: named }: Sources): string[] {
  const files = [...folders.flatMap((folder) => listFiles(join(root, folder))), ...named.map((file) => join(root, file)).filter((path) => existsSync(path) && statSync(path).isFile())];
  // Forward slashes, so that the same sources hash the same on every system.
  return files.map((path) => relative(root, path).replaceAll('\\', '/')).sort();
}

/** SHA-256 of every source's path and content; a rename changes it as an edit does. */
function hashSources(root: string, sources: Sources): string {
  const hash = createHash('sha256');
  for (const file of listSources(root, sources)) {
    const content = readFileSync(join(root, file));
    hash.update(`${file}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

export const hashWebSources = (root: string): string => hashSources(root, WEB_SOURCES);
export const hashServerSources = (root: string): string => hashSources(root, SERVER_SOURCES);
