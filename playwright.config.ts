import { defineConfig } from '@playwright/test';
import { PGLITE_TEMPLATE_DIR } from './src/server/test/pglite-template';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Separate ports, data folders and built web roots let several e2e runs share one machine.
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The tests' SMTP server (e2e/smtp-sink.ts) and the folder it writes each message to; every server sends there. */
const SMTP_PORT = PORT + 7;
export const SMTP_SINK_DIR = `${DATA_DIR}-mail`;
/**
 * Specs that change what every other test sees — the sale's schedule, price, order expiry and caps,
 * the currencies on offer, payment keys and chain endpoints, lookups, pixels, content — or that read
 * the sale's global figures. They run one at a time on a server of their own, so the other specs can
 * run side by side without one test's change showing up in another's page. There are two such
 * servers, each with half of these specs (by time taken): the specs mostly wait on pages, chains and
 * jobs, so two chains of them side by side end sooner without crowding two cores.
 */
const SETTINGS_SPECS_A = ['admin', 'landing', 'automatic-payment', 'payments', 'delivery', 'back-office-forms', 'consent', 'distribution', 'tron-payment', 'tx-check'];
const SETTINGS_SPECS_B = ['buying', 'wallet-payment', 'bitcoin-payment', 'stages', 'buy-page', 'prize-draw', 'withdrawal', 'identity'];
const specFiles = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);
/** The servers of the settings specs (see above): `E2E_PORT`+10 and +20. */
const SETTINGS_A_URL = `http://127.0.0.1:${String(PORT + 10)}`;
const SETTINGS_B_URL = `http://127.0.0.1:${String(PORT + 20)}`;

// The server as `npm start` runs it: the bundle of the current sources (built here only if they
// changed since `npm run build`; servers starting together publish one build, decision 043).
const server = (port: number, dataDir: string, env: Record<string, string> = {}) => ({
  command: `node --import tsx scripts/build-server.ts && rm -rf ${dataDir} && node dist/server/main.js`,
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
    LOG_LEVEL: 'warn',
    // A fresh data folder is a copy of one initdb made (src/server/db/pglite-first-start.ts).
    PGLITE_TEMPLATE_DIR,
    REGISTER_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000',
    // Every browser of the suite comes from this machine's address.
    ORDER_LIMIT_PER_IP: '10000',
    EVENT_STREAMS_PER_IP: '1000',
    ADMIN_LOGIN: 'e2e-operator',
    ADMIN_PASSWORD: 'e2e-operator-password',
    RATE_REFRESH_MINUTES: '0',
    // The payment test pays on a local chain and waits for the watcher's next tick.
    PAYMENT_WATCH_SECONDS: '1',
    // The prize draw test waits for the closing and the committed block, then for the draw job.
    PRIZE_DRAW_SECONDS: '1',
    // E-mail goes to the tests' own SMTP server, and is sent every second.
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    MAIL_SEND_SECONDS: '1',
    ...env,
  },
});

// Browser flows against the real server and its embedded database, in Debian's Chromium.
export default defineConfig({
  testDir: 'e2e',
  // Each server starts from an empty data folder, so its sale is unscheduled: a setup project checks
  // what visitors then see and schedules it, once, before that server's specs (e2e/global.setup.ts).
  // The settings specs come first: one worker goes through them while the other starts on the rest.
  projects: [
    { name: 'settings-a-setup', testMatch: /global\.setup\.ts$/, use: { baseURL: SETTINGS_A_URL } },
    { name: 'settings-a', testMatch: specFiles(SETTINGS_SPECS_A), dependencies: ['settings-a-setup'], workers: 1, use: { baseURL: SETTINGS_A_URL } },
    { name: 'settings-b-setup', testMatch: /global\.setup\.ts$/, use: { baseURL: SETTINGS_B_URL } },
    { name: 'settings-b', testMatch: specFiles(SETTINGS_SPECS_B), dependencies: ['settings-b-setup'], workers: 1, use: { baseURL: SETTINGS_B_URL } },
    { name: 'setup', testMatch: /global\.setup\.ts$/, use: { baseURL: BASE_URL } },
    { name: 'specs', testMatch: '**/*.spec.ts', testIgnore: specFiles([...SETTINGS_SPECS_A, ...SETTINGS_SPECS_B]), dependencies: ['setup'], use: { baseURL: BASE_URL } },
  ],
  // Specs run side by side, each file's tests in order (a file may build on its earlier tests); a
  // file whose tests stand alone says so with test.describe.configure({ mode: 'parallel' }).
  fullyParallel: false,
  // One worker on each settings server and two on the rest: the suite mostly waits (on pages, chains
  // and jobs), so four browsers keep two cores busy rather than crowded.
  workers: 4,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: 'node --import tsx e2e/smtp-sink.ts',
      port: SMTP_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { SMTP_SINK_PORT: String(SMTP_PORT), SMTP_SINK_DIR },
    },
    server(PORT, DATA_DIR),
    ...(['a', 'b'] as const).map((half, i) =>
      server(PORT + 10 * (i + 1), `${DATA_DIR}-settings-${half}`, {
        // The expiry test waits seconds for a window to close, and for the job that marks it expired.
        ORDER_EXPIRY_UNIT: 'seconds',
        ORDER_EXPIRY_MIN: '5',
        ORDER_EXPIRY_JOB_SECONDS: '1',
      }),
    ),
  ],
});
