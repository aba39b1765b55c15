import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Separate ports, data folders and built web roots let several e2e runs share one machine.
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The tests' SMTP server (e2e/smtp-sink.ts) and the folder it writes each message to. */
const SMTP_PORT = PORT + 7;
export const SMTP_SINK_DIR = `${DATA_DIR}-mail`;

// Browser flows against the real server and its embedded database, in Debian's Chromium.
export default defineConfig({
  testDir: 'e2e',
  // The server starts from an empty data folder, so its sale is unscheduled: the setup project checks
  // what visitors then see and schedules it, once, before every spec (e2e/global.setup.ts).
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts$/ },
    { name: 'specs', testMatch: '**/*.spec.ts', dependencies: ['setup'] },
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: BASE_URL,
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
    {
      command: `rm -rf ${DATA_DIR} && node --import tsx src/server/main.ts`,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        ...(process.env.E2E_WEB_ROOT ? { WEB_ROOT: process.env.E2E_WEB_ROOT } : {}),
        LOG_LEVEL: 'warn',
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
        // E-mail goes to the tests' own SMTP server, and is sent every second.
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_SEND_SECONDS: '1',
      },
    },
  ],
});
