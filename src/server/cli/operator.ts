// npm run operator -- create <login> [--role owner|manager|approver|viewer]
//     creates an operator (Owner unless --role says otherwise) with a generated one-time password, to
//     be changed at their first sign-in (or with OPERATOR_PASSWORD, which they keep)
// npm run operator -- reset-password <login>
//     sets a new generated one-time password (or OPERATOR_PASSWORD) and ends their sessions
// Uses the same database as the server (DATABASE_URL, else the embedded one in DATA_DIR — stop the server first).
import { ROLE_LABELS, ROLES, type Role } from '@/contracts/permissions';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { AppError } from '../errors';
import { createOperator, generatePassword, resetOperatorPassword } from '../modules/operators/operators.service';
import { SessionStore } from '../modules/sessions/sessions.service';

const USAGE = `Usage: npm run operator -- create <login> [--role ${ROLES.join('|')}] | reset-password <login>`;

const isRole = (value: string | undefined): value is Role => (ROLES as readonly (string | undefined)[]).includes(value);

async function run(): Promise<number> {
  const [command, login, ...options] = process.argv.slice(2);
  const role = options[0] === '--role' ? options[1] : options.length === 0 ? 'owner' : undefined;
  if ((command !== 'create' && command !== 'reset-password') || !login || !isRole(role) || (command === 'reset-password' && options.length > 0) || options.length > 2) {
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
      await createOperator(database.db, login, password, { role, oneTime: !given });
      console.log(`Operator "${login}" created as ${ROLE_LABELS[role]}.`);
    } else {
      const operator = await resetOperatorPassword(database.db, login, password, !given);
      await new SessionStore(database.db, config).destroyOthers('operator', operator.id, undefined);
      console.log(`Password of operator "${operator.login}" reset; their sessions have ended.`);
    }
    if (!given) console.log(`One-time password (shown only now; to be changed at the next sign-in): ${password}`);
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
