import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error('CI=true needs TEST_DATABASE_URL: the PostgreSQL suite must run in CI, not be skipped.');
}

// Server tests share one database per run (PGlite's first start costs seconds), so their files run
// one after another in one process and reset the data between tests.
const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  resolve: { alias: { '@': src } },
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    exclude,
    environment: 'node',
    env,
    pool: 'forks' as const,
    isolate: false,
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['src/test/fail-on-console-error.ts'],
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias: { '@': src } },
        test: { name: 'domain', include: ['src/domain/**/*.test.ts', 'src/contracts/**/*.test.ts'], environment: 'node', setupFiles: ['src/test/fail-on-console-error.ts'] },
      },
      {
        resolve: { alias: { '@': src } },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/fail-on-console-error.ts', 'src/test/jsdom-setup.ts'],
        },
      },
      {
        // The build script of `npm start`, run as a process on a project of its own.
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 120_000, setupFiles: ['src/test/fail-on-console-error.ts'] },
      },
      // Several instances behind nginx need PostgreSQL: that test runs in the PostgreSQL suite.
      serverProject('server-pglite', { TEST_DB: 'pglite' }, ['src/server/scale.process.test.ts', 'src/server/sessions.shared.test.ts', 'src/server/db/pool-errors.shared.test.ts']),
      ...(postgresUrl ? [serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl }, ['src/server/main.process.test.ts', 'src/server/backup.test.ts'])] : []),
    ],
  },
});
