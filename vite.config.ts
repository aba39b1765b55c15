import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const src = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Writes .br and .gz beside every text asset of the build, once, so the server sends compressed
 * files (@fastify/static preCompressed) without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'presale-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Adds <link rel="modulepreload"> to the HTML for the chunks every page runs. The first script
 * imports nothing statically, so that it can ask for the page's data at once; without these
 * links the browser would find the chunks only after running it.
 */
function preloadSharedChunks(names: string[]): Plugin {
  return {
    name: 'presale-preload-shared-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk' && names.includes(c.name));
        if (chunks.length !== names.length) throw new Error(`preloadSharedChunks: found ${chunks.map((c) => c.name).join(', ')} of ${names.join(', ')}`);
        return chunks.map((c) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${c.fileName}` }, injectTo: 'head' }));
      },
    },
  };
}

const slashes = (id: string) => id.replaceAll('\\', '/');

/**
 * What every page runs: React, TanStack Query (but useMutation), class-name helpers, the icon
 * runtime. Not tailwind-merge nor Radix Slot: the landing page does without them (decision 013).
 */
const FRAMEWORK = [
  /node_modules\/(react|react-dom|scheduler|clsx|class-variance-authority)\//,
  /node_modules\/@tanstack\/(query-core|react-query)\/(?!.*\/(useMutation|mutationObserver)\.js$)/,
  /node_modules\/lucide-react\/dist\/esm\/(?!icons\/)/,
];

/**
 * The app's own code that the landing page shares with the other pages, and the header's icons.
 * Not the API client and paths: the first script uses them, and must not wait for this chunk.
 */
const SHELL = [
  /src\/web\/lib\/(?!api-client\.|paths\.|apply-field-errors\.|network-label\.)/,
  /src\/web\/(app\/provider|hooks\/use-live-updates|components\/support-contact|components\/ui\/(button-variants|card|skeleton|progress|toast-host))\./,
  /src\/web\/(api\/(cryptos\/|auth\/me\.)|features\/consent\/components\/analytics\.)/,
  /node_modules\/lucide-react\/dist\/esm\/icons\/(sun|moon|menu|x|chevron-down)\.mjs$/,
];

/** What every page but the landing page runs beside the router: tailwind-merge, Button with Radix Slot. */
const APP_SHELL = [/node_modules\/(tailwind-merge|@radix-ui\/react-(slot|compose-refs))\//, /src\/web\/components\/ui\/button\./];

/** The landing page's own code; not the chart it loads only when needed, nor the privacy and terms pages in its folder. */
const LANDING = /src\/web\/(features\/landing\/(?!components\/(tokenomics-distribution|legal-page)\.)|app\/landing-app\.)/;

// The web app lives in src/web. `npm run build` (scripts/build-web.ts) builds it into a folder of its
// own and publishes it as dist/web (decision 015); a bare `vite build` writes to dist/vite, never
// through dist/web into a build a running server is serving.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), preloadSharedChunks(['rolldown-runtime', 'framework', 'shell']), precompress()],
  resolve: { alias: { '@': src } },
  build: {
    outDir: '../../dist/vite',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Two documents: the landing page (`/`) boots without the router and its route table; every
      // other page boots in the router, whose first script carries the table (decision 013).
      input: { index: resolve(src, 'web/index.html'), landing: resolve(src, 'web/landing.html') },
      output: {
        // Fewer, larger chunks for what the first pages need: each request costs a round trip on
        // a phone, and small files compress worse. Groups take exactly the modules they name (no
        // dependencies pulled along), so no page loads a group it does not use.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'framework', priority: 3, test: (id) => FRAMEWORK.some((re) => re.test(slashes(id))) },
            { name: 'shell', priority: 2, test: (id) => SHELL.some((re) => re.test(slashes(id))) },
            { name: 'app-shell', priority: 2, test: (id) => APP_SHELL.some((re) => re.test(slashes(id))) },
            { name: 'landing', priority: 1, test: (id) => LANDING.test(slashes(id)) },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/crypto': 'http://localhost:3000' } },
});
