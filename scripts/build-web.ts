// `npm run build` (and the first half of `npm start`): builds the web app into dist/web unless the
// published build was made from the same sources. Usage: build-web.ts [--force] [--root DIR]
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { WebBuildError, viteBuilder } from './vite-build';
import { hashWebSources } from './build-sources';
import { findPublishedHash, publishBuild, WEB_BUILD } from './published-builds';

const { values } = parseArgs({ options: { force: { type: 'boolean', default: false }, root: { type: 'string' } } });
const root = resolve(values.root ?? join(import.meta.dirname, '..'));
const hash = hashWebSources(root);
const short = hash.slice(0, 12);

if (!values.force && findPublishedHash(root, WEB_BUILD) === hash) {
  console.log(`Web app up to date (sources ${short}), not rebuilt.`);
} else {
  try {
    console.log(`Building the web app (sources ${short})…`);
    await publishBuild(root, WEB_BUILD, hash, viteBuilder(root), { rebuild: values.force });
    console.log(`Web app built: dist/web → dist/web-builds/${hash}`);
  } catch (e) {
    if (!(e instanceof WebBuildError)) throw e;
    console.error(e.message);
    process.exitCode = 1;
  }
}
