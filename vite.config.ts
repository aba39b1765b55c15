import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstRequests } from './src/web/app/first-requests';
import { paths } from './src/web/lib/paths';

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

/**
 * Writes documents beside index.html for the buyer's pages. Each preloads the API data of its
 * pages' first screen (the requests of app/first-requests.ts, which main.tsx then takes from the
 * preload), so that it loads beside the code instead of after the first script has run and asked
 * for it; data only, as a preloaded script would count as render-blocking and delay the first
 * paint. The sign-in pages' documents also hold the page itself, rendered here
 * (app/prerender.tsx) in place of the boot mark, which React replaces with the same page. The
 * server picks the document by path (server/plugins/web.ts; decision 018).
 */
function buyerDocuments(documents: Record<string, { data: string[]; prerender?: string }>): Plugin {
  return {
    name: 'presale-buyer-documents',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('buyerDocuments: index.html is not in the bundle');
      const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      // The document up to the inside of #root, the boot mark, and from #root's end on.
      const open = '<div id="root">';
      const rootStart = html.indexOf(open) + open.length;
      const rootEnd = html.lastIndexOf('</div>', html.indexOf('</body>'));
      if (!html.includes('</title>') || rootStart < open.length || rootEnd < rootStart) throw new Error('buyerDocuments: index.html has no title or no #root');
      const [head, bootMark, tail] = [html.slice(0, rootStart), html.slice(rootStart, rootEnd), html.slice(rootEnd)];
      const render = await prerenderer();
      try {
        for (const [document, { data, prerender }] of Object.entries(documents)) {
          const links = data.map((url) => `\n    <link rel="preload" as="fetch" crossorigin href="${url}">`).join('');
          const page = prerender ? prerendered(await render.page(prerender)) : bootMark;
          this.emitFile({ type: 'asset', fileName: `${document}.html`, source: head.replace('</title>', `</title>${links}${prerender ? HIDDEN_UNTIL_PARSED : ''}`) + page + tail });
        }
      } finally {
        await render.close();
      }
    },
  };
}

// A browser may paint a long document before it has parsed all of it: the prerendered page, which
// centres itself, would show its first half mid-screen and then jump up. So it stays hidden until
// its end marker is parsed (a style, not a script: the CSP allows inline styles only).
const HIDDEN_UNTIL_PARSED = '\n    <style>[data-prerendered]:not(:has(> [data-prerendered-end])) { visibility: hidden }</style>';
const prerendered = (markup: string) => `<div data-prerendered style="display: contents">${markup}<span data-prerendered-end hidden></span></div>`;

/** Loads app/prerender.tsx through a Vite server of its own (for the `@` alias and TSX). */
async function prerenderer(): Promise<{ page: (path: string) => Promise<string>; close: () => Promise<void> }> {
  const server = await createServer({
    configFile: false,
    root: resolve(src, 'web'),
    resolve: { alias: { '@': src } },
    plugins: [react()],
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  return {
    page: async (path) => {
      const module = (await server.ssrLoadModule('/app/prerender.tsx')) as { prerender: (path: string) => string };
      return module.prerender(path);
    },
    close: () => server.close(),
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
 * Not the API client and paths: the first script uses them, and must not wait for this chunk. Not
 * what the landing page never runs or runs only later (the reset links' token, the unscheduled
 * notice and relative times of the dashboard, the stage block's figures): this chunk is part of
 * its 90 KB.
 */
const SHELL = [
  /src\/web\/lib\/(?!api-client\.|paths\.|apply-field-errors\.|network-label\.|use-url-token\.|unscheduled\.|stage-details\.|format-relative\.)/,
  /src\/web\/(app\/provider|hooks\/use-live-updates|components\/support-contact|components\/ui\/(button-variants|card|skeleton|progress|toast-host))\./,
  /src\/web\/(api\/first-screen\.|features\/consent\/components\/analytics\.)/,
  /src\/domain\/support-contact\./,
  /node_modules\/lucide-react\/dist\/esm\/icons\/(sun|moon|menu|x|chevron-down)\.mjs$/,
];

// The router's pages come in a few chunks each rather than thirty: on a phone over HTTP/1.1 every
// request waits its turn on one of six connections, and a round trip costs more than several KB.
// Each group below is one request; what it holds was chosen by which pages load it (decision 018).

/**
 * What every page but the landing page runs beside the router: tailwind-merge, Button with Radix
 * Slot, and the small primitives that sign-in, Buy Token, the dashboard and /transparency use (the
 * pager and tables too: in the dashboard group they would bring /transparency the router), and the
 * buyer's account calls (api/auth: sign-in, registration, sign-out, profile) and terms, which
 * registration and the dashboard (Buy Token's terms gate) share. Nothing here may import the first
 * script's chunk (see ROUTER), nor the router (a Link): /transparency would load it.
 */
const APP_SHELL = [
  /node_modules\/(tailwind-merge|@radix-ui\/react-(slot|compose-refs|primitive|label))\//,
  /node_modules\/@tanstack\/(query-core|react-query)\/.*\/(useMutation|mutationObserver)\.js$/,
  /src\/web\/components\/ui\/(button|input|label|alert|spinner|pagination|table|copy-button|form-field)\./,
  /src\/web\/components\/(stat-card|query-view|approved-sums-table|section-card)\./,
  /src\/web\/api\/(auth|terms)\./,
  /src\/web\/lib\/use-url-token\./,
  /node_modules\/lucide-react\/dist\/esm\/icons\/(loader-circle|circle-alert|circle-exclamation-point|chevron-left|chevron-right|copy|check|external-link|circle-check|circle-x)\.mjs$/,
];

/**
 * The router and its app. Kept apart from the app shell: the router imports the route table from
 * the first script's chunk (index), and a chunk that imports the first script's chunk runs it. The
 * landing page loads app-shell (the consent banner's Button) and must never run the first script,
 * which would mount a second app over it.
 */
const ROUTER = [/node_modules\/react-router\//, /src\/web\/app\/(app|router|root-layout|route-error|back-office-routes)\./];

/** Forms checked by the contracts' Zod schemas (sign-in, registration, profile, back-office); not Buy Token or the dashboard. */
const FORMS = [
  /node_modules\/(zod|react-hook-form|@hookform\/resolvers)\//,
  /src\/contracts\/(common|auth|terms|eligibility)\./,
  /src\/domain\/countries\./,
  /src\/web\/(hooks\/use-server-form|lib\/apply-field-errors|components\/ui\/password-input)\./,
  /node_modules\/lucide-react\/dist\/esm\/icons\/(eye|eye-off)\.mjs$/,
];

/** Exact decimals (big.js): Buy Token, the dashboard and the operator's forms. */
const DECIMAL = /(node_modules\/big\.js\/|src\/domain\/decimal\.)/;

/** Sign-in and registration, one chunk for both pages (the password reset pages load their own beside it). */
const AUTH = /src\/web\/(features\/auth\/(components\/(login|register)-form\.|lib\/)|app\/routes\/auth\/(login|register)\.|components\/layouts\/auth-layout\.)/;

/**
 * The buyer's dashboard frame (sidebar, header) and what its pages share: badges, the avatar.
 * Not its drawer and tooltips (OVERLAYS), nor big.js: the operator's sign-in needs it too.
 */
const DASHBOARD = [
  /src\/web\/(app\/routes\/dashboard\/layout|features\/dashboard\/(components\/(app-sidebar|dashboard-header|dashboard-skeleton|sale-state-badge)|lib\/nav|hooks\/use-buyer))\./,
  /src\/web\/components\/(nav-sidebar|skip-to-content|theme-toggle|ui\/(sidebar|avatar|separator|badge))\./,
  /src\/web\/lib\/(network-label|unscheduled)\./,
  /node_modules\/@radix-ui\/(primitive|react-(avatar|separator|use-callback-ref|context|use-layout-effect|use-controllable-state|use-effect-event|id))\//,
  /node_modules\/lucide-react\/dist\/esm\/icons\/(book-open|layout-dashboard|shopping-cart|user-round|log-out|panel-left|wallet|trophy|file-text|award|coins|search)\.mjs$/,
];

/**
 * What opens over a page: the Radix dialog (dialogs, the phone's sidebar drawer) and tooltip
 * (the collapsed sidebar's names) with Floating UI and the scroll lock. No first screen of the
 * buyer's shows one, so each loads it when one first opens (ui/sidebar.tsx, decision 042): one
 * request then, rather than a third of the dashboard chunk on every page.
 */
const OVERLAYS = [
  /src\/web\/components\/ui\/(sheet|tooltip|dialog|sidebar-drawer|sidebar-tooltip)\./,
  /node_modules\/(@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|aria-hidden|tslib)\//,
  /node_modules\/@radix-ui\/react-(dialog|tooltip|popper|arrow|use-size|visually-hidden|dismissable-layer|focus-scope|portal|focus-guards|use-escape-keydown|presence)\//,
];

/**
 * The sale's pricing rules (levels, quotes, states) and stage figures (a quote's pieces, their
 * prices): the dashboard's pages and the stage figures that the landing and /transparency load
 * share them. A chunk of their own, so those two pages do not load the dashboard's chunk (and with
 * it the router) to price a stage.
 */
const PRICING = /src\/(domain\/(levels|quote|sale|stages|stage-price-text|usd-price)|web\/components\/stage-pieces)\./;

/**
 * What Buy Token and the order page share beyond the dashboard frame: the buyer's calls that
 * ordering reads or refreshes, the order's status and its time left. One request where there were
 * a dozen of under 1 KB each (decision 042). Nothing here may be imported by the sign-in pages:
 * this chunk imports the dashboard's and the pricing chunks.
 */
const BUYER = [
  /src\/web\/api\/(orders|users|eligibility|identity|campaigns|withdrawals)\./,
  /src\/web\/(features\/orders\/(lib\/order-status|components\/(order-status-badge|time-left))|hooks\/use-now)\./,
  /src\/web\/components\/ui\/detail-row\./,
  /src\/domain\/(utxo\/chains|campaign-code)\./,
  /node_modules\/lucide-react\/dist\/esm\/icons\/(undo-2|clock|receipt|hourglass|timer)\.mjs$/,
];

/** /transparency's own code, in one request beside the landing chunk (its header and footer). */
const TRANSPARENCY = /src\/web\/(features\/transparency\/|app\/transparency-app\.|api\/transparency\.)/;

/** The landing page's own code; not the chart it loads only when needed, nor the privacy and terms pages in its folder. */
const LANDING = /src\/web\/(features\/landing\/(?!components\/(tokenomics-distribution|stages-table|stage-figures|legal-page|prize-draw|terms-page)\.)|app\/landing-app\.)/;

// The web app lives in src/web. `npm run build` (scripts/build-web.ts) builds it into a folder of its
// own and publishes it as dist/web (decision 015); a bare `vite build` writes to dist/vite, never
// through dist/web into a build a running server is serving.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    preloadSharedChunks(['rolldown-runtime', 'framework', 'shell']),
    // The buyer's pages; not the operator's, which ask for other data (index.html).
    buyerDocuments({
      login: { data: firstRequests(paths.login), prerender: paths.login },
      register: { data: firstRequests(paths.register), prerender: paths.register },
      'forgot-password': { data: firstRequests(paths.forgotPassword), prerender: paths.forgotPassword },
      'reset-password': { data: firstRequests(paths.resetPassword), prerender: paths.resetPassword },
      dashboard: { data: firstRequests(paths.dashboard) },
      'buy-token': { data: firstRequests(paths.buyToken) },
    }),
    precompress(),
  ],
  resolve: { alias: { '@': src } },
  build: {
    outDir: '../../dist/vite',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Every browser the app supports preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Three documents: the landing page (`/`) and /transparency boot without the router and its
      // route table; every other page boots in the router, whose first script carries the table
      // (decision 013).
      input: { index: resolve(src, 'web/index.html'), landing: resolve(src, 'web/landing.html'), transparency: resolve(src, 'web/transparency.html') },
      output: {
        // Fewer, larger chunks for what the first pages need: each request costs a round trip on
        // a phone, and small files compress worse. Groups take exactly the modules they name (no
        // dependencies pulled along), so no page loads a group it does not use.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'framework', priority: 3, test: (id) => FRAMEWORK.some((re) => re.test(slashes(id))) },
            { name: 'shell', priority: 2, test: (id) => SHELL.some((re) => re.test(slashes(id))) },
            // One regular expression that the contracts, the app shell and the pricing rules share: a
            // chunk of its own, so the landing's stage figures do not load the app shell for it.
            { name: 'decimal-pattern', priority: 2, test: (id) => /src\/domain\/decimal-pattern\./.test(slashes(id)) },
            { name: 'app-shell', priority: 2, test: (id) => APP_SHELL.some((re) => re.test(slashes(id))) },
            { name: 'router', priority: 2, test: (id) => ROUTER.some((re) => re.test(slashes(id))) },
            { name: 'forms', priority: 2, test: (id) => FORMS.some((re) => re.test(slashes(id))) },
            { name: 'dashboard', priority: 2, test: (id) => DASHBOARD.some((re) => re.test(slashes(id))) },
            { name: 'overlays', priority: 2, test: (id) => OVERLAYS.some((re) => re.test(slashes(id))) },
            { name: 'decimal', priority: 2, test: (id) => DECIMAL.test(slashes(id)) },
            { name: 'pricing', priority: 2, test: (id) => PRICING.test(slashes(id)) },
            { name: 'buyer', priority: 2, test: (id) => BUYER.some((re) => re.test(slashes(id))) },
            { name: 'landing', priority: 1, test: (id) => LANDING.test(slashes(id)) },
            { name: 'auth', priority: 1, test: (id) => AUTH.test(slashes(id)) },
            { name: 'transparency', priority: 1, test: (id) => TRANSPARENCY.test(slashes(id)) },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/crypto': 'http://localhost:3000' } },
});
