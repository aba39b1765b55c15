// Runs npm scripts side by side (typecheck, lint and the test suites spend much of their time
// waiting on processes, chains and databases, so the machine's cores overlap them well) and fails
// if any fails. Each script's output is printed as one block when it ends, so logs stay readable.
//
//   node --import tsx scripts/run-parallel.ts typecheck lint test:server-pglite
//
// `name@VAR` runs the script only when the environment variable VAR is set: the PostgreSQL suite
// (`test:server-postgres@TEST_DATABASE_URL`) exists only when a database is given.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Outcome {
  name: string;
  code: number;
  seconds: number;
  output: string;
}

export function runScript(name: string, cwd: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    // Output goes through a pipe: keep the colours a terminal would have shown.
    const colour = process.stdout.isTTY && !process.env.FORCE_COLOR ? { FORCE_COLOR: '1' } : {};
    const child = spawn('npm', ['run', '--silent', name], { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...colour } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const done = (code: number) => resolve({ name, code, seconds: (Date.now() - started) / 1000, output });
    child.on('error', (error) => done((output += `${error.message}\n`, 1)));
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

export async function runParallel(args: string[], cwd: string, print: (text: string) => void): Promise<number> {
  const scripts = (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const names: string[] = [];
  for (const arg of args) {
    const [name = '', need] = arg.split('@');
    if (!(name in scripts)) throw new Error(`package.json has no script "${name}"`);
    if (need && !process.env[need]) print(`Skipping ${name}: ${need} is not set.\n`);
    else names.push(name);
  }
  print(`Running side by side: ${names.join(', ')}\n`);
  const outcomes = await Promise.all(
    names.map(async (name) => {
      const outcome = await runScript(name, cwd);
      const output = outcome.output.trimEnd();
      print(`\n━━ ${name} ${outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`} in ${outcome.seconds.toFixed(0)} s ━━\n${output ? `${output}\n` : ''}`);
      return outcome;
    }),
  );
  print(`\n${outcomes.map((o) => `${o.code === 0 ? 'ok    ' : 'FAILED'} ${o.name} (${o.seconds.toFixed(0)} s)`).join('\n')}\n`);
  return outcomes.some((o) => o.code !== 0) ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runParallel(process.argv.slice(2), process.cwd(), (text) => process.stdout.write(text));
}
