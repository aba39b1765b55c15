import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, type LockKind } from './lock';

// Far above any pid_max, so never a running process.
const DEAD_PID = 2147483646;
const CONTENDERS = 8;
const ROUNDS = 10;

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'presale-lock-'));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// A contender loads the lock module and says `ready`; on each `go` it tries to take the lock and
// says `won` or `refused <message>`. It holds what it won until it is killed.
const CONTENDER = `
import { createInterface } from 'node:readline';
const { acquireDataDirLock } = await import(process.env.LOCK_MODULE);
const [dir, kind] = process.argv.slice(2);
process.stdout.write('ready\\n');
for await (const _ of createInterface({ input: process.stdin })) {
  try {
    acquireDataDirLock(dir, kind);
    process.stdout.write('won\\n');
  } catch (e) {
    process.stdout.write((e.name === 'DataDirLockedError' ? 'refused ' : 'failed ') + e.message.replace(/\\n/g, ' ') + '\\n');
  }
}
`;

interface Contender {
  kind: LockKind;
  nextLine: () => Promise<string>;
  go: () => void;
  kill: () => Promise<void>;
}

/**
 * The lock module as plain JavaScript, written once: contenders start as plain Node processes, not
 * through tsx, whose loader cost each of the ~60 processes of this file ~0.3 s of CPU.
 */
let lockModule: string | undefined;
function plainLockModule(): string {
  if (lockModule === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'presale-lock-module-'));
    lockModule = join(dir, 'lock.mjs');
    writeFileSync(lockModule, transformSync(readFileSync(join(import.meta.dirname, 'lock.ts'), 'utf8'), { loader: 'ts', format: 'esm' }).code);
  }
  return lockModule;
}

afterAll(() => {
  if (lockModule !== undefined) rmSync(dirname(lockModule), { recursive: true, force: true });
});

function startContender(script: string, dir: string, kind: LockKind): Contender {
  const child = spawn(process.execPath, [script, dir, kind], {
    env: { ...process.env, LOCK_MODULE: pathToFileURL(plainLockModule()).href },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    kind,
    async nextLine() {
      const line = await lines.next();
      return line.done ? `exited ${stderr}` : line.value;
    },
    go: () => child.stdin.write('go\n'),
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Races contenders for the lock on `dir`, `rounds` times. In each round they all try at once; a
 * winner holds the lock until every contender has answered, then is killed with SIGKILL, leaving
 * a stale lock for the next round, and a fresh contender takes its place. Returns each round's answers.
 */
async function race(dir: string, kinds: LockKind[], rounds = 1): Promise<string[][]> {
  const script = join(tempDir(), 'contender.mjs');
  writeFileSync(script, CONTENDER);
  const start = async (kind: LockKind) => {
    const contender = startContender(script, dir, kind);
    contenders.push(contender);
    expect(await contender.nextLine()).toBe('ready');
    return contender;
  };
  const contenders: Contender[] = [];
  try {
    let current = await Promise.all(kinds.map(start));
    const results: string[][] = [];
    for (let round = 0; round < rounds; round++) {
      for (const c of current) c.go();
      const answers = await Promise.all(current.map((c) => c.nextLine()));
      results.push(answers);
      current = await Promise.all(
        current.map(async (c, i) => {
          if (answers[i] !== 'won') return c;
          await c.kill();
          return start(c.kind);
        }),
      );
    }
    return results;
  } finally {
    await Promise.all(contenders.map((c) => c.kill()));
  }
}

const winners = (answers: string[]) => answers.filter((a) => a === 'won').length;

describe.each<LockKind>(['flock', 'pid-file'])('data folder lock (%s)', (kind) => {
  it('refuses a second holder in this process, and frees on release', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir, kind);
    expect(first.kind).toBe(kind);
    expect(() => acquireDataDirLock(dir, kind)).toThrow(DataDirLockedError);
    first.release();
    const second = acquireDataDirLock(dir, kind);
    first.release(); // a second release of an old lock leaves the new holder alone
    expect(() => acquireDataDirLock(dir, kind)).toThrow(DataDirLockedError);
    second.release();
  });

  it('refuses while an older Presale process holds it, naming the folder and pid', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'presale.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir, kind)).toThrow(new RegExp(`${dir}.*pid ${process.ppid}`));
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'presale.lock'), String(DEAD_PID));
    acquireDataDirLock(dir, kind).release();
  });

  it('lets a restart take the lock at once after the holder was killed with SIGKILL', async () => {
    const dir = tempDir();
    expect(await race(dir, [kind])).toEqual([['won']]);
    acquireDataDirLock(dir, kind).release();
  });

  it(`lets exactly one of ${CONTENDERS} processes started together take it: free, then left by a killed holder, round after round`, async () => {
    // The first round finds no lock; each later one, the lock the last winner held when killed.
    const rounds = await race(tempDir(), Array.from({ length: CONTENDERS }, () => kind), ROUNDS);
    expect(rounds.map(winners), rounds.map((answers) => answers.join('\n')).join('\n\n')).toEqual(rounds.map(() => 1));
  }, 90_000);

  it('refuses every process started while a live process holds it, of either kind, naming its pid', async () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, kind);
    try {
      const [answers = []] = await race(dir, Array.from({ length: CONTENDERS }, (_, i) => (i % 2 === 0 ? 'flock' : 'pid-file')));
      expect(answers.every((a) => a.startsWith('refused ') && a.includes(`pid ${process.pid}`)), answers.join('\n')).toBe(true);
    } finally {
      lock.release();
    }
  });
});

// The name under which a process claims the right to replace a stale lock holding `text`.
const claimFor = (text: string) => `presale.lock.${createHash('sha256').update(text).digest('hex').slice(0, 16)}.claim`;

describe('data folder lock (pid-file fallback)', () => {
  it('takes over when a process died while taking over a stale lock, and sweeps what it left', () => {
    const dir = tempDir();
    const stale = `${DEAD_PID} aaaa\n`;
    writeFileSync(join(dir, 'presale.lock'), stale);
    writeFileSync(join(dir, claimFor(stale)), `${DEAD_PID} bbbb\n`);
    writeFileSync(join(dir, 'presale.lock.cccc.tmp'), `${DEAD_PID} cccc\n`);
    const lock = acquireDataDirLock(dir, 'pid-file');
    expect(readdirSync(dir)).toEqual(['presale.lock']);
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses while a live process is taking over a stale lock, naming it', () => {
    const dir = tempDir();
    const stale = `${DEAD_PID} aaaa\n`;
    writeFileSync(join(dir, 'presale.lock'), stale);
    writeFileSync(join(dir, claimFor(stale)), `${process.ppid} bbbb\n`);
    expect(() => acquireDataDirLock(dir, 'pid-file')).toThrow(new RegExp(`pid ${process.ppid}`));
  });
});
