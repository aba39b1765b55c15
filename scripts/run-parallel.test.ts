// The runner behind `npm test` and `npm run test:unit`, on a tiny package of its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runParallel, splitCpuTime } from './run-parallel';

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

  it('reports each script’s processor time, its children’s included, and keeps the measure out of its output', async () => {
    // Spins in steps between readings of the clock: read on every turn, the reading itself (a system
    // call) cost four times the 1.5 s it measured.
    writeScripts({ busy: 'node -e "const end = process.cpuUsage().user + 1500000; let x = 0; while (process.cpuUsage().user < end) for (let i = 0; i < 1e6; i++) x += i;" && echo spun' });
    const { code, printed } = await run(['busy']);
    expect(code).toBe(0);
    expect(printed).toMatch(/━━ busy passed in \d+ s ━━\nspun\n/);
    expect(printed).not.toContain('@@run-parallel-cpu');
    const cpu = /ok +busy \(\d+ s, ([\d.]+) s of CPU\)/.exec(printed);
    // 1.5 s of the grandchild's own spinning (npm's and node's start-up add a little).
    expect(Number(cpu?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('reads the children’s line of `times` after the marker', () => {
    expect(splitCpuTime('text\n@@run-parallel-cpu\n0m0.010s 0m0.002s\n1m2.500s 0m3.250s\n')).toEqual({ output: 'text\n', cpuSeconds: 65.75 });
    expect(splitCpuTime('no marker\n')).toEqual({ output: 'no marker\n' });
  });

  it('fails when one script fails, after every script has ended, and shows each output under its name', async () => {
    writeScripts({ good: 'node -e "console.log(\'all fine\')"', bad: 'node -e "console.error(\'it broke\'); process.exit(3)"' });
    const { code, printed } = await run(['good', 'bad']);
    expect(code).toBe(1);
    expect(printed).toMatch(/━━ bad FAILED \(exit 3\) in \d+ s ━━\nit broke\n/);
    expect(printed).toMatch(/━━ good passed in \d+ s ━━\nall fine\n/);
    expect(printed).toMatch(/FAILED bad/);
  });

  it('repeats the end of each failed output after all blocks, so a log read from its end shows why', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\\n');
    writeScripts({ bad: `node -e "console.log('${lines}'); process.exit(1)"`, good: 'node -e "console.log(\'all fine\')"' });
    const { printed } = await run(['bad', 'good']);
    const tail = printed.slice(printed.lastIndexOf('━━ bad FAILED: the end of its output ━━'));
    expect(tail).toContain('line 100');
    expect(tail).toContain('line 21\n');
    expect(tail).not.toContain('line 20\n');
    expect(tail.indexOf('line 100')).toBeLessThan(tail.indexOf('FAILED bad'));
    expect(printed.lastIndexOf('all fine')).toBeLessThan(printed.lastIndexOf('━━ bad FAILED: the end'));
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

  it('runs a lane `a>b` in order beside the other lanes, and not b when a failed', async () => {
    // `first` ends only once `beside` has started: `beside` runs at the same time, not after the lane.
    const waitFor = (file: string) => `node -e "const fs=require('fs');const t=setInterval(()=>{if(fs.existsSync('${file}')){clearInterval(t)}},20)"`;
    writeScripts({
      first: `${waitFor('beside')} && node -e "require('fs').writeFileSync('first','')"`,
      second: `node -e "console.log(require('fs').existsSync('first') ? 'second after first' : 'second too early')"`,
      beside: `node -e "require('fs').writeFileSync('beside','')"`,
      broken: 'node -e "process.exit(2)"',
      never: `node -e "console.log('never ran')"`,
    });
    const { code, printed } = await run(['first>second', 'beside', 'broken>never']);
    expect(code).toBe(1);
    expect(printed).toContain('Running side by side: first then second, beside, broken then never');
    expect(printed).toContain('second after first');
    expect(printed).toMatch(/ok +second/);
    expect(printed).toMatch(/FAILED broken/);
    expect(printed).not.toContain('never ran');
    expect(printed).toContain('NOT RUN never (what it follows failed)');
  });

  it('skips a `name@VAR` step of a lane when the variable is not set, and runs the rest', async () => {
    writeScripts({ first: 'node -e "console.log(\'ran first\')"', then: 'node -e "console.log(\'ran then\')"' });
    const name = 'PRESALE_RUN_PARALLEL_TEST_SWITCH';
    vi.stubEnv(name, undefined);
    const { code, printed } = await run([`first@${name}>then`]);
    expect(code).toBe(0);
    expect(printed).not.toContain('ran first');
    expect(printed).toContain('ran then');
  });

  it('refuses a script package.json does not have', async () => {
    writeScripts({ only: 'true' });
    await expect(run(['only', 'typo'])).rejects.toThrow('package.json has no script "typo"');
    await expect(run(['only>typo'])).rejects.toThrow('package.json has no script "typo"');
  });
});
