import type { FastifyBaseLogger } from 'fastify';
import { pingDatabase, type Database } from '../../db/client';
import { AppError } from '../../errors';

/** Answers only when the database does; the cause goes to the log, never to the caller. */
export async function getHealth(database: Database, log: FastifyBaseLogger): Promise<{ status: 'ok'; database: Database['kind'] }> {
  try {
    await pingDatabase(database.db);
  } catch (err) {
    log.error({ err }, 'database health check failed');
    throw new AppError('unavailable', 'The database is not reachable.');
  }
  return { status: 'ok', database: database.kind };
}
