// The runner behind `npm test` and `npm run test:unit`, on a tiny package of its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runParallel } from './run-parallel';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'presale-run-parallel-'));
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

function writeScripts(scripts: Record<string, string>): void {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tiny', private: true, scripts }));
}

async function run(args: string[]): Promise<{ code: number; printed: string }> {
  let printed = '';
  const code = await runParallel(args, dir, (text) => (printed += text));
  return { code, printed };
}

describe('run-parallel', () => {
  it('runs the scripts at the same time and passes when all pass', async () => {
    // Each waits for the other's file: run one after the other, they would never end.
    const waitFor = (file: string) => `node -e "const fs=require('fs');const t=setInterval(()=>{if(fs.existsSync('${file}')){clearInterval(t);console.log('saw ${file}')}},20)"`;
    writeScripts({ left: `node -e "require('fs').writeFileSync('left','')" && ${waitFor('right')}`, right: `node -e "require('fs').writeFileSync('right','')" && ${waitFor('left')}` });
    const { code, printed } = await run(['left', 'right']);
    expect(code).toBe(0);
    expect(printed).toContain('saw right');
    expect(printed).toContain('saw left');
    expect(printed).toMatch(/ok +left/);
    expect(printed).toMatch(/ok +right/);
  });

  it('fails when one script fails, after every script has ended, and shows each output under its name', async () => {
    writeScripts({ good: 'node -e "console.log(\'all fine\')"', bad: 'node -e "console.error(\'it broke\'); process.exit(3)"' });
    const { code, printed } = await run(['good', 'bad']);
    expect(code).toBe(1);
    expect(printed).toMatch(/━━ bad FAILED \(exit 3\) in \d+ s ━━\nit broke\n/);
    expect(printed).toMatch(/━━ good passed in \d+ s ━━\nall fine\n/);
    expect(printed).toMatch(/FAILED bad/);
  });

  it('runs a `name@VAR` script only when the variable is set', async () => {
    writeScripts({ always: 'node -e "console.log(\'ran always\')"', sometimes: 'node -e "console.log(\'ran sometimes\')"' });
    const name = 'PRESALE_RUN_PARALLEL_TEST_SWITCH';
    vi.stubEnv(name, undefined);
    const without = await run(['always', `sometimes@${name}`]);
    expect(without.code).toBe(0);
    expect(without.printed).toContain(`Skipping sometimes: ${name} is not set.`);
    expect(without.printed).not.toContain('ran sometimes');
    vi.stubEnv(name, '1');
    const withIt = await run(['always', `sometimes@${name}`]);
    expect(withIt.printed).toContain('ran sometimes');
  });

  it('refuses a script package.json does not have', async () => {
    writeScripts({ only: 'true' });
    await expect(run(['only', 'typo'])).rejects.toThrow('package.json has no script "typo"');
  });
});
