// `npm run build` (after the web app) and `npm start`: bundles the server into dist/server with
// esbuild, unless the published bundle was made from the same sources (decision 043). Usage:
// build-server.ts [--force] [--root DIR]
//
// `npm start` runs the bundle with plain Node: no TypeScript loader, no source text of tests or
// tools, and nothing compiled at start. Libraries stay in node_modules (only Presale's own code is
// bundled), so native and WebAssembly packages find their files as they do from source.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { hashServerSources } from './build-sources';
import { findPublishedHash, publishBuild, SERVER_BUILD } from './published-builds';

const { values } = parseArgs({ options: { force: { type: 'boolean', default: false }, root: { type: 'string' } } });
const root = resolve(values.root ?? join(import.meta.dirname, '..'));
const hash = hashServerSources(root);
const short = hash.slice(0, 12);

const bundle = async (outDir: string) => {
  await build({
    absWorkingDir: root,
    entryPoints: { main: 'src/server/main.ts' },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // Code loaded with import() stays a file of its own, loaded when first asked for: main.ts sets
    // NODE_ENV before the rest (and React) loads, and the e-mail templates wait for the first message.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // Beside the bundle, never loaded unless asked for: `node --enable-source-maps dist/server/main.js`
    // gives stack traces in source lines, at the memory the maps take.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
};

if (!values.force && findPublishedHash(root, SERVER_BUILD) === hash) {
  console.log(`Server up to date (sources ${short}), not rebuilt.`);
} else {
  console.log(`Building the server (sources ${short})…`);
  await publishBuild(root, SERVER_BUILD, hash, bundle, { rebuild: values.force });
  console.log(`Server built: dist/server → dist/server-builds/${hash}`);
}
