// Modules depend one way (README, Architecture): no cycle between the folders of src/server/modules.
// dependency-cruiser checks this at folder scope, which cannot leave out files, so it runs on its own
// cruise of the modules' source: tests (which may seed through any repository) and everything outside
// src/server/modules (app.ts imports every module, and every module imports errors.ts) are left out.
// `npm run lint` runs it after .dependency-cruiser.cjs.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- dependency-cruiser reads CommonJS; the options are the main config's
const { options } = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles-between-modules',
      severity: 'error',
      comment:
        'A module that reaches another which reaches it back cannot be understood or changed on its own: pick the direction (one builds on the other) and hand the rest in from app.ts.',
      scope: 'folder',
      // $1 is the module; its own sub-folders (payments/evm) are one module with it.
      from: { path: '^src/server/modules/([^/]+)' },
      to: { path: '^src/server/modules/', pathNot: '^src/server/modules/$1(/|$)', circular: true },
    },
  ],
  options: {
    ...options,
    includeOnly: '^src/server/modules/',
    exclude: { path: [...options.exclude.path, '\\.test\\.tsx?$'] },
  },
};
