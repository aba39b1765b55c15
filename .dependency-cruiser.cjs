// Layer rules that `npm run lint` enforces (README, Architecture), with .dependency-cruiser.modules.cjs. Each rule names what it keeps apart.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other cannot be understood, tested or loaded one at a time.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    // ── Shared code: contracts and domain are imported by both sides and import neither ─────────────
    {
      name: 'contracts-and-domain-stand-alone',
      severity: 'error',
      comment: 'src/contracts and src/domain are shared by server and browser: they never import either.',
      from: { path: '^src/(contracts|domain)/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser reaches the server only over HTTP, through src/contracts.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    // ── Server: routes → own service → own repository ─────────────────────────────────────────────
    {
      name: 'routes-call-services',
      severity: 'error',
      comment: 'A route file validates, authorises and calls a service; SQL lives in repositories.',
      from: { path: '^src/server/modules/[^/]+/.+\\.routes\\.ts$' },
      to: { path: ['\\.repository\\.ts$', '^src/server/db/schema/', '^src/server/db/client\\.ts$', '^drizzle-orm'] },
    },
    {
      name: 'only-repositories-write-sql',
      severity: 'error',
      comment: 'Only repositories (and the database layer and jobs claiming their turn) touch tables.',
      from: { path: '^src/server/', pathNot: ['\\.repository\\.ts$', '^src/server/db/', '\\.test\\.ts$', '^src/server/test/', '^src/server/jobs/claim\\.ts$', '^src/server/backup\\.ts$'] },
      to: { path: ['^src/server/db/schema/', '^node_modules/drizzle-orm'] },
    },
    {
      name: 'modules-meet-through-services',
      severity: 'error',
      comment: 'A module uses another module only through its service (or the shared mapper of pure functions).',
      from: { path: '^src/server/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/([^/]+)/', pathNot: ['^src/server/modules/$1/', '\\.service\\.ts$', '\\.mapper\\.ts$'] },
    },
    {
      name: 'entry-points-reach-modules-through-services',
      severity: 'error',
      comment: 'main.ts, jobs/ and cli/ drive the modules through their services (or the shared mapper of pure functions), as other modules do.',
      from: { path: ['^src/server/(main|start)\\.ts$', '^src/server/(jobs|cli)/'], pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/', pathNot: ['\\.service\\.ts$', '\\.mapper\\.ts$'] },
    },
    // Cycles between modules (a file of one reaching another module that reaches back) are checked by
    // .dependency-cruiser.modules.cjs: that rule looks at module folders, not files.
    {
      name: 'plugins-do-not-import-modules',
      severity: 'error',
      comment: 'Plugins (access, errors, events, rate limits) are below the modules; modules build on them. A plugin that needs a module is handed it by app.ts (a decoration typed by the plugin).',
      from: { path: '^src/server/plugins/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/server/modules/' },
    },
    // ── Web: app → features → shared (components, hooks, lib) ────────────────────────────────────
    {
      name: 'shared-web-code-does-not-import-features',
      severity: 'error',
      comment: 'components/, hooks/ and lib/ serve every feature; they never reach into one.',
      from: { path: '^src/web/(components|hooks|lib)/' },
      to: { path: '^src/web/(features|app)/' },
    },
    {
      name: 'api-layer-is-data-access-only',
      severity: 'error',
      comment: 'src/web/api turns contracts into fetchers, query keys and hooks: no components, no features.',
      from: { path: '^src/web/api/' },
      to: { path: '^src/web/(features|app|components)/' },
    },
    {
      name: 'features-do-not-import-the-app',
      severity: 'error',
      from: { path: '^src/web/features/' },
      to: { path: '^src/web/app/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment: 'A feature is used by the app (routes), not by another feature; shared pieces move to components/, hooks/ or lib/.',
      from: { path: '^src/web/features/([^/]+)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/web/features/([^/]+)/', pathNot: '^src/web/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '^node_modules/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
