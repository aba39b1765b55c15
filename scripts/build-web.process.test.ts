// Runs the real build script (and Vite) on a tiny project of its own, as `npm start` runs it.
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashWebSources } from './build-sources';

const REPO = join(import.meta.dirname, '..');
const SCRIPT = join(import.meta.dirname, 'build-web.ts');
let project: string;

function runBuild(): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--root', project], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

function writeScript(text: string): void {
  writeSource(`document.body.textContent = ${JSON.stringify(text)};\n`);
}

function writeSource(code: string): void {
  writeFileSync(join(project, 'src/web/main.js'), code);
}

/** The folder dist/web points at, checked complete: its page, the script the page names, its stamp. */
function getPublishedBuild(): { folder: string; script: string } {
  const folder = realpathSync(join(project, 'dist/web'));
  const page = readFileSync(join(folder, 'index.html'), 'utf8');
  const src = /<script[^>]* src="\/([^"]+)"/.exec(page)?.[1];
  if (!src) throw new Error(`no script in ${folder}/index.html`);
  return { folder, script: readFileSync(join(folder, src), 'utf8') };
}

const stampOf = (folder: string) => readFileSync(join(folder, '.build-hash'), 'utf8').trim();

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'presale-build-web-'));
  mkdirSync(join(project, 'src/web'), { recursive: true });
  symlinkSync(join(REPO, 'node_modules'), join(project, 'node_modules'), 'dir');
  writeFileSync(join(project, 'package-lock.json'), '{}\n');
  writeFileSync(join(project, 'vite.config.ts'), "export default { root: 'src/web', logLevel: 'warn' };\n");
  writeFileSync(join(project, 'src/web/index.html'), '<!doctype html><title>t</title><script type="module" src="./main.js"></script>\n');
  writeScript('first');
});

afterEach(() => rmSync(project, { recursive: true, force: true }));

describe('the web build of npm start', () => {
  it('builds once, skips unchanged sources, and rebuilds after a source changes', async () => {
    const first = await runBuild();
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain('Building the web app');
    const built = getPublishedBuild();
    expect(built.script).toContain('first');
    expect(stampOf(built.folder)).toBe(hashWebSources(project));
    const builtAt = statSync(join(built.folder, 'index.html')).mtimeMs;

    const second = await runBuild();
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain('Web app up to date');
    expect(second.output).not.toContain('Building');
    expect(getPublishedBuild().folder).toBe(built.folder);
    expect(statSync(join(built.folder, 'index.html')).mtimeMs).toBe(builtAt);

    writeScript('second');
    const third = await runBuild();
    expect(third.code, third.output).toBe(0);
    expect(third.output).toContain('Building the web app');
    const rebuilt = getPublishedBuild();
    expect(rebuilt.folder).not.toBe(built.folder);
    expect(rebuilt.script).toContain('second');
    // The build a running server started with is still whole.
    expect(existsSync(join(built.folder, 'index.html'))).toBe(true);
  }, 120_000);

  it('leaves a complete web root, at every moment, when two builds race', async () => {
    expect((await runBuild()).code).toBe(0);
    writeScript('raced');
    const seen = new Set<string>();
    // Any moment dist/web is missing or points at a half-written folder.
    const halfWritten: string[] = [];
    const raceOver = new AbortController();
    const watching = (async () => {
      while (!raceOver.signal.aborted) {
        try {
          seen.add(getPublishedBuild().folder);
        } catch (e) {
          halfWritten.push(String(e));
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const results = await Promise.all([runBuild(), runBuild()]).finally(() => raceOver.abort());
    await watching;

    for (const { code, output } of results) expect(code, output).toBe(0);
    expect(halfWritten).toEqual([]);
    const published = getPublishedBuild();
    expect(published.script).toContain('raced');
    expect(stampOf(published.folder)).toBe(hashWebSources(project));
    // The watcher looked at least once (its first look comes before the builds start).
    expect(seen.size).toBeGreaterThan(0);
    expect(readdirSync(join(project, 'dist/web-builds')).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
    expect(readdirSync(join(project, 'dist')).filter((name) => name.includes('.tmp-'))).toEqual([]);
  }, 120_000);

  it('keeps the published build when a build fails', async () => {
    expect((await runBuild()).code).toBe(0);
    const published = getPublishedBuild();

    writeSource('document.body.textContent = ;\n');
    const failed = await runBuild();
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('vite build failed');
    expect(failed.output).toContain('dist/web is unchanged');
    expect(getPublishedBuild()).toEqual(published);
    expect(readdirSync(join(project, 'dist/web-builds')).filter((name) => name.startsWith('.tmp-'))).toEqual([]);
  }, 120_000);

  it('replaces a dist/web folder written by an older plain vite build', async () => {
    mkdirSync(join(project, 'dist/web'), { recursive: true });
    writeFileSync(join(project, 'dist/web/index.html'), '<!doctype html><title>old</title>');

    const result = await runBuild();
    expect(result.code, result.output).toBe(0);
    expect(lstatSync(join(project, 'dist/web')).isSymbolicLink()).toBe(true);
    expect(getPublishedBuild().script).toContain('first');
  }, 120_000);
});
