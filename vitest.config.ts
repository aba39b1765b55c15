import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { shardDatabaseUrl } from './src/test/postgres-shard.ts';
import { PGLITE_TEMPLATE_DIR } from './src/server/test/pglite-template.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error('CI=true needs TEST_DATABASE_URL: the PostgreSQL suite must run in CI, not be skipped.');
}
// `npm test` runs the PostgreSQL suite in halves side by side (`--shard`), the nth on a database of
// its own that src/test/postgres-shard.ts makes and drops (TEST_DB_SHARD=n; the first uses the given one).
const postgresShard = Number(process.env.TEST_DB_SHARD ?? 1);
if (!Number.isInteger(postgresShard) || postgresShard < 1) throw new Error(`TEST_DB_SHARD must be a shard number from 1, not ${String(process.env.TEST_DB_SHARD)}`);

// Server tests that never open the shared test database: pure functions, scanners against local chains
// and explorers, static files, and the tests that start servers or PGlite on data directories of their
// own (the crash test among them: one engine is enough, it checks what the server acknowledged). They
// run in parallel files.
const serverNodeFiles = [
  'src/server/backup.test.ts',
  'src/server/config.test.ts',
  'src/server/csv.test.ts',
  'src/server/password-strength.test.ts',
  'src/server/passwords.test.ts',
  'src/server/crash.process.test.ts',
  'src/server/main.process.test.ts',
  'src/server/db/lock.test.ts',
  'src/server/db/migrations-upgrade.test.ts',
  'src/server/db/pglite-first-start.test.ts',
  'src/server/db/pglite-turns.test.ts',
  'src/server/db/statement-batch.test.ts',
  'src/server/modules/eligibility/geoip.test.ts',
  'src/server/modules/orders/orders.csv.test.ts',
  'src/server/modules/orders/public-id.test.ts',
  'src/server/modules/payments/blocks-per-tick.test.ts',
  'src/server/modules/payments/utxo/utxo-scanner.test.ts',
  'src/server/modules/payments/utxo/utxo-budget.test.ts',
  'src/server/modules/payments/utxo/request-budget.test.ts',
  'src/server/modules/payments/utxo/esplora-client.test.ts',
  'src/server/modules/payments/evm/evm-scanner.test.ts',
  'src/server/modules/payments/tron/tron-scanner.test.ts',
  'src/server/modules/rates/price-feed.test.ts',
  'src/server/plugins/request-logger.test.ts',
  'src/server/plugins/security.test.ts',
  'src/server/plugins/web.test.ts',
  'src/server/test/anvil.test.ts',
  'src/server/test/esplora-server.test.ts',
];
// A file moved or renamed must move here too, or it would quietly run twice on the database engines.
const movedAway = serverNodeFiles.filter((file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))));
if (movedAway.length > 0) throw new Error(`server-node lists test files that are not there: ${movedAway.join(', ')}`);

// Server tests share one database per run (PGlite's first start costs seconds), so their files run
// one after another in one process and reset the data between tests. Each engine has its own group
// order: a single `vitest run` runs them one after the other, and `npm run test:unit` runs each
// engine in a Vitest process of its own, side by side (their databases and ports never meet).
const serverProject = (name: string, groupOrder: number, env: Record<string, string>, exclude: string[] = [], globalSetup: string[] = []) => ({
  resolve: { alias: { '@': src } },
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    exclude: [...serverNodeFiles, ...exclude],
    sequence: { groupOrder },
    environment: 'node',
    env,
    pool: 'forks' as const,
    isolate: false,
    fileParallelism: false,
    maxWorkers: 1,
    // CI runs five lanes on two cores: a test that takes 5 s alone has taken 25 s there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    setupFiles: ['src/test/fail-on-console-error.ts', 'src/test/cheap-password-hashing.ts', 'src/test/server-database-setup.ts'],
    globalSetup,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '@': src } },
        // Pure functions: one module graph for every file (a fresh one per file cost more than the tests).
        test: { name: 'domain', include: ['src/domain/**/*.test.ts', 'src/contracts/**/*.test.ts'], environment: 'node', isolate: false, setupFiles: ['src/test/fail-on-console-error.ts'] },
      },
      {
        resolve: { alias: { '@': src } },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One window and one module graph for every file: a fresh jsdom and React per file cost 100 s
          // of CI's CPU for 18 s of tests. What a file may leave behind is put back after each test
          // (stubbed globals) and after each file (storage, cookies, the address, the root element:
          // src/test/jsdom-setup.ts).
          isolate: false,
          unstubGlobals: true,
          // Beside four other lanes on two cores a render that takes half a second alone can take ten.
          testTimeout: 30_000,
          setupFiles: ['src/test/fail-on-console-error.ts', 'src/test/jsdom-setup.ts'],
        },
      },
      {
        // The build script of `npm start`, run as a process on a project of its own.
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 120_000, setupFiles: ['src/test/fail-on-console-error.ts'] },
      },
      {
        resolve: { alias: { '@': src } },
        test: {
          name: 'server-node',
          include: serverNodeFiles,
          environment: 'node',
          // New embedded data folders are copies of one initdb made (src/server/db/pglite-first-start.ts).
          env: { PGLITE_TEMPLATE_DIR },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['src/test/fail-on-console-error.ts'],
        },
      },
      // Several instances behind nginx need PostgreSQL: that test runs in the PostgreSQL suite.
      serverProject('server-pglite', 1, { TEST_DB: 'pglite' }, ['src/server/scale.process.test.ts', 'src/server/sessions.shared.test.ts', 'src/server/db/pool-errors.shared.test.ts']),
      // The walks of the route table decide access before any query, the same on either engine: they
      // run on the embedded one only (a minute of CI's two cores saved per run).
      ...(postgresUrl
        ? [serverProject('server-postgres', 2, { TEST_DB: 'postgres', TEST_DATABASE_URL: shardDatabaseUrl(postgresUrl, postgresShard) }, ['src/server/access.test.ts', 'src/server/roles.test.ts'], ['src/test/postgres-shard.ts'])]
        : []),
    ],
  },
});
