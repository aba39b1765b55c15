// Runs npm scripts side by side (typecheck, lint and the test suites spend much of their time
// waiting on processes, chains and databases, so the machine's cores overlap them well) and fails
// if any fails. Each script's output is printed as one block when it ends, so logs stay readable.
//
//   node --import tsx scripts/run-parallel.ts 'typecheck>test:e2e' lint test:server-pglite
//
// `a>b` is a lane: b starts when a has passed (and not at all if a failed), beside the other lanes.
// `name@VAR` runs the script only when the environment variable VAR is
// set: the PostgreSQL suite (`test:server-postgres-1@TEST_DATABASE_URL`) exists only when a
// database is given.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Outcome {
  name: string;
  code: number;
  seconds: number;
  /** Processor time (user + system) of the script and every process it waited for, when known. */
  cpuSeconds?: number;
  output: string;
}

// The script runs under bash, which prints its children's processor time (`times`, second line)
// after this marker when the script ends: on two cores, a lane's CPU time says what it costs the
// others better than its wall time does.
const CPU_MARK = '@@run-parallel-cpu';

/** The children's user and system time `times` printed after the marker, and the output without them. */
export function splitCpuTime(output: string): { output: string; cpuSeconds?: number } {
  const at = output.lastIndexOf(`${CPU_MARK}\n`);
  if (at < 0) return { output };
  const children = output.slice(at).split('\n')[2] ?? '';
  const seconds = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return { output: output.slice(0, at), ...(seconds.length === 2 ? { cpuSeconds: (seconds[0] ?? 0) + (seconds[1] ?? 0) } : {}) };
}

export function runScript(name: string, cwd: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Output goes through a pipe: keep the colours a terminal would have shown.
    const colour = process.stdout.isTTY && !process.env.FORCE_COLOR ? { FORCE_COLOR: '1' } : {};
    const script = `npm run --silent "$0"; code=$?; echo ${CPU_MARK} >&2; times >&2; exit $code`;
    const child = spawn('bash', ['-c', script, name], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...colour } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const done = (code: number) => resolve({ name, code, seconds: (Date.now() - started) / 1000, ...splitCpuTime(output) });
    child.on('error', (error) => done((output += `${error.message}\n`, 1)));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

export function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

export async function runParallel(args: string[], cwd: string, print: (text: string) => void): Promise<number> {
  const scripts = (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const lanes: string[][] = [];
  for (const arg of args) {
    const lane: string[] = [];
    for (const step of arg.split('>')) {
      const [name = '', need] = step.split('@');
      if (!(name in scripts)) throw new Error(`package.json has no script "${name}"`);
      if (need && !process.env[need]) print(`Skipping ${name}: ${need} is not set.\n`);
      else lane.push(name);
    }
    if (lane.length > 0) lanes.push(lane);
  }
  print(`Running side by side: ${lanes.map((lane) => lane.join(' then ')).join(', ')}\n`);
  const outcomes: Outcome[] = [];
  const notRun: string[] = [];
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [i, name] of lane.entries()) {
        const outcome = await runScript(name, cwd);
        outcomes.push(outcome);
        const output = outcome.output.trimEnd();
        print(`\n━━ ${name} ${outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`} in ${outcome.seconds.toFixed(0)} s ━━\n${output ? `${output}\n` : ''}`);
        if (outcome.code !== 0) {
          notRun.push(...lane.slice(i + 1));
          return;
        }
      }
    }),
  );
  // A log is often read from its end: repeat each failure's last lines (Vitest and Playwright
  // summarise failed tests there) after every block, so the reason is not buried mid-log.
  for (const failed of outcomes.filter((o) => o.code !== 0)) {
    print(`\n━━ ${failed.name} FAILED: the end of its output ━━\n${lastLines(failed.output, 80)}\n`);
  }
  const cpu = (o: Outcome) => (o.cpuSeconds === undefined ? '' : `, ${o.cpuSeconds.toFixed(0)} s of CPU`);
  const lines = outcomes.map((o) => `${o.code === 0 ? 'ok    ' : 'FAILED'} ${o.name} (${o.seconds.toFixed(0)} s${cpu(o)})`);
  print(`\n${[...lines, ...notRun.map((name) => `NOT RUN ${name} (what it follows failed)`)].join('\n')}\n`);
  return outcomes.some((o) => o.code !== 0) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runParallel(process.argv.slice(2), process.cwd(), (text) => process.stdout.write(text));
}
