import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { conflict } from '../../errors';
import { recordAudit } from '../audit/audit.service';

/** A consistent snapshot of the embedded database, taken while the server runs; the download is audited. */
export async function createBackup(database: Database, actor: Actor): Promise<Uint8Array> {
  const backup = database.backup;
  if (!backup) throw conflict('This server uses PostgreSQL: back it up with pg_dump.');
  const bytes = await backup();
  await recordAudit(database.db, actor, 'backup.download', 'database', null, { bytes: bytes.byteLength });
  return bytes;
}
