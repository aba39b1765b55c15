// npm run operator -- create <login>          creates an operator with a generated password (or OPERATOR_PASSWORD)
// npm run operator -- reset-password <login>  sets a new generated password (or OPERATOR_PASSWORD) and ends their sessions
// Uses the same database as the server (DATABASE_URL, else the embedded one in DATA_DIR — stop the server first).
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { createOperator, generatePassword, resetOperatorPassword } from '../modules/operators/operators.service';
import { SessionStore } from '../plugins/sessions';

const USAGE = 'Usage: npm run operator -- create <login> | reset-password <login>';

async function run(): Promise<number> {
  const [command, login] = process.argv.slice(2);
  if ((command !== 'create' && command !== 'reset-password') || !login) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const given = process.env.OPERATOR_PASSWORD;
    const password = given ?? generatePassword();
    if (command === 'create') {
      await createOperator(database.db, login, password);
      console.log(`Operator "${login}" created.`);
    } else {
      const operator = await resetOperatorPassword(database.db, login, password);
      await new SessionStore(database.db, config).destroyOthers('operator', operator.id, undefined);
      console.log(`Password of operator "${operator.login}" reset; their sessions have ended.`);
    }
    if (!given) console.log(`Password (shown only now): ${password}`);
    return 0;
  } catch (e) {
    if (e instanceof AppError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
