// PGlite does not lock its data folder, and two processes writing one folder corrupt it, so the
// folder's `presale.lock` must have exactly one holder, even when several processes start at once
// on a lock left by a process that was killed. Why it is taken this way: docs/decisions/011.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * `flock`: the kernel's lock on the file, taken through util-linux's `flock` (Node has no binding),
 * freed by the kernel when the holder exits, however it exits.
 * `pid-file`: the portable fallback where that command is missing; a lock whose pid is dead is taken over.
 */
export type LockKind = 'flock' | 'pid-file';

export interface DataDirLock {
  path: string;
  kind: LockKind;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number | undefined) {
    super(
      `The data folder ${dir} is in use by another Presale process${pid === undefined ? '' : ` (pid ${pid})`}. ` +
        'Stop that process first, or give this one its own DATA_DIR. To run several instances, use PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

const LOCK_FILE = 'presale.lock';
const held = new Set<string>();

/**
 * Takes the folder's lock, or throws DataDirLockedError naming the holder's pid where it is known.
 * Without `kind`, flock where the command exists, else the pid file; tests name the kind.
 */
export function acquireDataDirLock(dir: string, kind?: LockKind): DataDirLock {
  const path = join(dir, LOCK_FILE);
  if (held.has(path)) throw new DataDirLockedError(dir, process.pid);
  const taken = take(path, kind);
  if ('heldBy' in taken) throw new DataDirLockedError(dir, taken.heldBy);
  held.add(path);
  let open = true;
  return {
    path,
    kind: taken.kind,
    release() {
      if (!open) return;
      open = false;
      held.delete(path);
      taken.unlock();
    },
  };
}

function take(path: string, kind: LockKind | undefined): Taken {
  if (kind !== 'pid-file' && process.platform !== 'win32') {
    const taken = lockWithFlock(path);
    if (taken) return taken;
  }
  if (kind === 'flock') throw new Error('The flock command (util-linux or busybox) is not available here.');
  return lockWithPidFile(path);
}

type Taken = { kind: LockKind; unlock: () => void } | { heldBy: number | undefined };

/** A pid that names a running process; EPERM means it runs as another user. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files hold `<pid> flock` (taken with flock) or `<pid> <token>` (pid-file); older ones only `<pid>`. */
function parseLockText(text: string): { pid: number | undefined; tag: string } {
  const [pidText = '', tag = ''] = text.trim().split(/\s+/);
  const pid = /^\d+$/.test(pidText) ? Number(pidText) : undefined;
  return { pid: pid !== undefined && pid > 0 ? pid : undefined, tag };
}

/** Our own pid in a file comes from an earlier process (a restarted container reuses pids); this process's holds are in `held`. */
function isLiveOther(pid: number | undefined): pid is number {
  return pid !== undefined && pid !== process.pid && isAlive(pid);
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

// ---- flock ---------------------------------------------------------------------------------------

// util-linux and busybox both exit 1, silently, when -n finds the lock taken; errors say something.
const FLOCK_CONFLICT = 1;

/**
 * The `flock` child locks descriptor 3, our open file description of the lock file; the lock
 * belongs to that description, so it stays ours after the child exits, until we close it or die.
 * Node opens files close-on-exec, so no other child of ours inherits it and outlives us with it.
 * The file is never removed: a process that opened it before a removal would lock a file nobody
 * else can see. Returns undefined when the command is not installed.
 */
function lockWithFlock(path: string): Taken | undefined {
  for (let attempt = 0; attempt < 10; attempt++) {
    const fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_NOFOLLOW, 0o644);
    let keep = false;
    try {
      const run = spawnSync('flock', ['-x', '-n', '3'], { stdio: ['ignore', 'ignore', 'pipe', fd], timeout: 10_000 });
      if (run.error) {
        if ((run.error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw run.error;
      }
      const stderr = String(run.stderr).trim();
      if (run.status === FLOCK_CONFLICT && stderr === '') {
        // The holder may not have written its pid yet: name it only when the file names a live process.
        const { pid } = parseLockText(readText(path) ?? '');
        return { heldBy: pid !== undefined && (pid === process.pid || isAlive(pid)) ? pid : undefined };
      }
      if (run.status !== 0) throw new Error(`flock ${path} failed (${String(run.status ?? run.signal)}): ${stderr}`);
      // Someone removed or replaced the file after we opened it: lock the one that is there now.
      if (!isSameFile(fd, path)) continue;
      // A process of an older version, or one using the pid-file fallback, holds it without flock.
      const before = parseLockText(readText(path) ?? '');
      if (before.tag !== 'flock' && isLiveOther(before.pid)) return { heldBy: before.pid };
      const text = `${process.pid} flock\n`;
      writeSync(fd, text, 0);
      ftruncateSync(fd, Buffer.byteLength(text));
      keep = true;
      return {
        kind: 'flock',
        unlock() {
          try {
            ftruncateSync(fd, 0);
          } finally {
            closeSync(fd);
          }
        },
      };
    } finally {
      if (!keep) closeSync(fd);
    }
  }
  throw new Error(`Could not take the lock ${path}: it keeps being replaced.`);
}

function isSameFile(fd: number, path: string): boolean {
  try {
    const open = fstatSync(fd);
    const named = statSync(path);
    return open.ino === named.ino && open.dev === named.dev;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

// ---- pid file ------------------------------------------------------------------------------------

// Each nesting level needs a process to die within the microseconds of a takeover.
const MAX_CLAIM_DEPTH = 4;

/**
 * A new lock is linked into place whole, so it is never seen half-written and only one creator
 * succeeds. A stale lock is replaced only by the process that holds the claim on its exact text
 * (`presale.lock.<digest>.claim`, itself taken by this same function): two processes that both
 * judged it stale cannot both replace it, and a late claimer finds the text changed and looks again.
 */
function lockWithPidFile(path: string): Taken {
  const taken = takeFile(path, 0);
  if (!taken.won) return { heldBy: taken.pid };
  removeLeftovers(path);
  return { kind: 'pid-file', unlock: () => removeIfUnchanged(path, taken.text) };
}

type TakeFile = { won: true; text: string } | { won: false; pid: number | undefined };

function takeFile(path: string, depth: number): TakeFile {
  for (let attempt = 0; attempt < 10; attempt++) {
    const token = randomBytes(12).toString('hex');
    const text = `${process.pid} ${token}\n`;
    const tmp = `${path}.${token}.tmp`;
    writeFileSync(tmp, text, { flag: 'wx', mode: 0o644 });
    try {
      if (linkIfAbsent(tmp, path)) return { won: true, text };
      const current = readText(path);
      if (current === undefined) continue; // released meanwhile
      const { pid } = parseLockText(current);
      if (isLiveOther(pid)) return { won: false, pid };
      if (depth === MAX_CLAIM_DEPTH) throw new Error(`Could not take the lock ${path}: too many abandoned takeovers.`);
      const claimPath = `${path}.${createHash('sha256').update(current).digest('hex').slice(0, 16)}.claim`;
      const claim = takeFile(claimPath, depth + 1);
      // A live process is taking the stale lock over: it is the holder.
      if (!claim.won) return claim;
      try {
        if (readText(path) !== current) continue; // taken over before our claim: look again
        if (!renameIfPresent(tmp, path)) continue;
        return { won: true, text };
      } finally {
        removeIfUnchanged(claimPath, claim.text);
      }
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${path}: it keeps changing.`);
}

/** False when `to` exists, or when `from` was swept away by a winner (then look again). */
function linkIfAbsent(from: string, to: string): boolean {
  try {
    linkSync(from, to);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'ENOENT') return false;
    throw e;
  }
}

function renameIfPresent(from: string, to: string): boolean {
  try {
    renameSync(from, to);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/** Only its holder changes a lock whose text is ours, so this read-then-remove is safe. */
function removeIfUnchanged(path: string, text: string): void {
  if (readText(path) === text) rmSync(path, { force: true });
}

/**
 * Claims and temporary files left by processes that died while taking the lock. Once we hold it,
 * every claim is on a text the lock will never have again, so a process still working on one
 * finds the text changed and gives up.
 */
function removeLeftovers(path: string): void {
  const dir = join(path, '..');
  const prefix = `${LOCK_FILE}.`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && (name.endsWith('.claim') || name.endsWith('.tmp'))) rmSync(join(dir, name), { force: true });
  }
}
