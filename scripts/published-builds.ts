// Versioned builds of the web app and of the server. Each build is written to a folder of its own,
// dist/<name>-builds/<hash>, and published by renaming a symlink over dist/<name> (dist/web,
// dist/server). A rename is atomic and a published folder is never written again, so a server
// starting at any moment, even while other starts build, finds either the previous complete build
// or the next one (a directory cannot be renamed over a non-empty one, hence the symlink).
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

// Written last into a finished build: a folder without it was emptied or overwritten since, e.g.
// by `vite build` run by hand, which empties dist/web through the symlink.
const STAMP = '.build-hash';
const TEMP_PREFIX = '.tmp-';
// Old builds kept beside the published one: a running server keeps serving the build it started with.
const KEEP_PREVIOUS = 2;

export type Builder = (outDir: string) => Promise<void>;

/** What is built: `name` is its folder under dist/, `entry` a file every complete build has. */
export interface BuildKind {
  name: 'web' | 'server';
  entry: string;
}

export const WEB_BUILD: BuildKind = { name: 'web', entry: 'index.html' };
export const SERVER_BUILD: BuildKind = { name: 'server', entry: 'main.js' };

function pathsOf(root: string, kind: BuildKind) {
  return { link: join(root, 'dist', kind.name), builds: join(root, 'dist', `${kind.name}-builds`) };
}

function hasCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}

function uniqueSuffix(): string {
  return `${process.pid}-${randomBytes(4).toString('hex')}`;
}

function readStamp(folder: string, kind: BuildKind): string | undefined {
  try {
    return existsSync(join(folder, kind.entry)) ? readFileSync(join(folder, STAMP), 'utf8').trim() : undefined;
  } catch (e) {
    if (hasCode(e, 'ENOENT', 'ENOTDIR')) return undefined;
    throw e;
  }
}

/** The sources hash of the build dist/<name> holds, if it is a complete build. */
export function findPublishedHash(root: string, kind: BuildKind): string | undefined {
  return readStamp(pathsOf(root, kind).link, kind);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return hasCode(e, 'EPERM');
  }
}

/** Temporary folders of builds whose process is gone (killed mid-build). */
function removeAbandonedBuilds(builds: string): void {
  for (const name of readdirSync(builds)) {
    const pid = Number(/^\.tmp-(\d+)-/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(join(builds, name), { recursive: true, force: true });
  }
}

/** Moves a finished build to its final name; a start that built the same sources first wins. */
function settle(temp: string, final: string, kind: BuildKind): void {
  try {
    renameSync(temp, final);
    return;
  } catch (e) {
    if (!hasCode(e, 'ENOTEMPTY', 'EEXIST')) throw e;
  }
  if (readStamp(final, kind) !== undefined) return;
  // The folder of that name was overwritten by hand: replace it, keeping it readable until then.
  const stale = join(final, '..', `${TEMP_PREFIX}${uniqueSuffix()}`);
  renameSync(final, stale);
  renameSync(temp, final);
  rmSync(stale, { recursive: true, force: true });
}

function pointLinkAt(link: string, builds: string, hash: string): void {
  const temp = `${link}${TEMP_PREFIX}${uniqueSuffix()}`;
  // Relative, so that the dist folder can be copied or moved as a whole.
  symlinkSync(join(basename(builds), hash), temp, 'dir');
  const existing = existsSync(link) ? lstatSync(link) : undefined;
  if (existing?.isDirectory()) {
    // A folder there (dist/web from before versioned builds): a rename cannot replace a directory, so it goes first.
    const legacy = join(builds, `${TEMP_PREFIX}${uniqueSuffix()}`);
    try {
      renameSync(link, legacy);
      rmSync(legacy, { recursive: true, force: true });
    } catch (e) {
      if (!hasCode(e, 'ENOENT')) throw e;
    }
  }
  renameSync(temp, link);
}

function removeOldBuilds(builds: string, link: string, hash: string): void {
  const published = existsSync(link) && lstatSync(link).isSymbolicLink() ? basename(readlinkSync(link)) : hash;
  const old = readdirSync(builds)
    .filter((name) => !name.startsWith(TEMP_PREFIX) && name !== hash && name !== published)
    .map((name) => ({ name, mtime: statSync(join(builds, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const { name } of old.slice(KEEP_PREVIOUS)) rmSync(join(builds, name), { recursive: true, force: true });
}

/**
 * Builds into a folder of its own, then publishes it as dist/<name>. A kept build of the same
 * sources (after a change was undone) is published again as it is, unless `rebuild` is set.
 */
export async function publishBuild(root: string, kind: BuildKind, hash: string, build: Builder, { rebuild = false } = {}): Promise<void> {
  const { link, builds } = pathsOf(root, kind);
  mkdirSync(builds, { recursive: true });
  removeAbandonedBuilds(builds);
  const final = join(builds, hash);
  if (rebuild || readStamp(final, kind) !== hash) {
    const temp = join(builds, `${TEMP_PREFIX}${uniqueSuffix()}`);
    try {
      await build(temp);
      writeFileSync(join(temp, STAMP), `${hash}\n`);
      settle(temp, final, kind);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  }
  pointLinkAt(link, builds, hash);
  removeOldBuilds(builds, link, hash);
}
