// Runs the project's own `vite build` into a given folder, in a process of its own.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Builder } from './published-builds';

/** A build that cannot run or did not succeed; Vite has printed why, or the message says. */
export class WebBuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebBuildError';
  }
}

function findViteBin(root: string): string {
  let manifest: string;
  try {
    manifest = createRequire(join(root, 'package.json')).resolve('vite/package.json');
  } catch (e) {
    if (e instanceof Error && 'code' in e && e.code === 'MODULE_NOT_FOUND') {
      throw new WebBuildError(
        'The web app needs building, but Vite is not installed (it is a devDependency).\n' +
          'Build where devDependencies are installed (`npm install && npm run build`) and copy dist/, or install them here.',
      );
    }
    throw e;
  }
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { vite: string } };
  return join(dirname(manifest), bin.vite);
}

/** A builder that runs `vite build` with the project's config, writing to outDir. */
export function viteBuilder(root: string): Builder {
  return (outDir) =>
    new Promise((resolve, reject) => {
      const vite = findViteBin(root);
      const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new WebBuildError(`vite build failed (${signal ?? `exit code ${String(code)}`}); dist/web is unchanged.`))));
    });
}
