// Runs the real server process (as `npm start` does, minus the web build) for tests that need a
// process of its own: start, shutdown, locking, crashes.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../project-root';
import { PGLITE_TEMPLATE_DIR } from './pglite-template';

let built: string | undefined;

/**
 * The server's bundle of the current sources, as `npm start` runs it: built once per test process
 * (not again if `npm run build` or another lane already published it, decision 043). Started from
 * the bundle a server costs ~2.7 s of CPU where through tsx it cost ~4.5 s.
 */
function serverMain(): string {
  if (!built) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: PROJECT_ROOT, stdio: 'pipe' });
    built = join(PROJECT_ROOT, 'dist', 'server', 'main.js');
  }
  return built;
}
const running: ChildProcess[] = [];

/**
 * `count` distinct loopback ports nothing listens on now, chosen by the system (held open together, so
 * they differ), for servers a test starts: fixed numbers may meet a port the system lent elsewhere.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  return ports;
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [serverMain()], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_REFRESH_MINUTES: '0', PGLITE_TEMPLATE_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitForOutput(output: () => string, text: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!output().includes(text)) {
    if (Date.now() > until) throw new Error(`timed out waiting for "${text}"; output:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Kills every server a test started and left running, and waits until they have gone. */
export async function killServers(): Promise<void> {
  const alive = running.splice(0).filter((child) => child.exitCode === null && child.signalCode === null);
  const gone = alive.map((child) => new Promise<void>((resolve) => child.once('exit', () => resolve())));
  for (const child of alive) child.kill('SIGKILL');
  await Promise.all(gone);
}
