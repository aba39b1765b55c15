// Starts Presale (src/server/main.ts loads this once the environment is set): validate the environment, open and
// migrate the database, seed, listen, shut down gracefully. Runs from source through tsx (decision 015).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { AppError } from './errors';
import { seedCryptos } from './modules/cryptos/cryptos.service';
import { ensureFirstOperator } from './modules/operators/operators.service';
import { ensureSaleSettings } from './modules/sale/sale.service';
import { WEB_ROOT } from './plugins/web';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  await database.migrate();
  await ensureSaleSettings(database.db, new Date());
  await seedCryptos(database.db);
  let firstOperator;
  try {
    firstOperator = await ensureFirstOperator(database.db, { login: config.ADMIN_LOGIN, password: config.ADMIN_PASSWORD });
  } catch (e) {
    // A weak or invalid ADMIN_PASSWORD: say which setting to fix, as for any other bad setting.
    if (e instanceof AppError) {
      console.error(`ADMIN_LOGIN and ADMIN_PASSWORD: ${e.message}`);
      await database.close();
      process.exit(1);
    }
    throw e;
  }

  const app = await buildApp({ config, database, webRoot: config.WEB_ROOT });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${config.DATA_DIR}`;
  app.rateRefresh.start();
  app.orderExpiry.start();
  app.cleanup.start();
  app.identityRetention.start();
  app.ledgerHead.start();
  app.prizeDraw.start();
  // A quarter hour is long to wait for the day's first head after a start.
  void app.ledgerHead.runScheduled();
  app.paymentWatch.start();
  app.mailSend.start();
  app.pixelPresence.start(60_000);
  console.log(`\nPresale is running on ${where}.\n  Open ${config.PUBLIC_URL}\n  Back-office: ${config.PUBLIC_URL}/admin/login\n`);
  const webRoot = config.WEB_ROOT ?? WEB_ROOT;
  // `npm run serve` does not build: without this, a missing build shows only as 404 pages.
  if (!existsSync(join(webRoot, 'index.html'))) console.warn(`  No built web app in ${webRoot}: pages answer 404 until \`npm run build\` has run.\n`);
  if (firstOperator?.generatedPassword) {
    console.log(
      `  First operator created. Sign in with login "${firstOperator.login}" and password:\n\n    ${firstOperator.generatedPassword}\n\n` +
        '  It is shown only this once. Change it under Change Pass, or reset it with: npm run operator -- reset-password admin\n',
    );
  } else if (firstOperator) {
    console.log(`  First operator "${firstOperator.login}" created from ADMIN_LOGIN and ADMIN_PASSWORD.\n`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
