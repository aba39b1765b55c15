import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock';

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'presale-lock-'));
  made.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('refuses a second holder while the first holds it, and frees on release', () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    first.release();
    const second = acquireDataDirLock(dir);
    second.release();
  });

  it('refuses when another live process holds it, naming the folder and pid', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'presale.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`${dir}.*pid ${process.ppid}`));
  });

  it('takes over a lock left by a process that died', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'presale.lock'), '2147483646');
    const lock = acquireDataDirLock(dir);
    lock.release();
  });
});
