// GET /api/admin/backup: a consistent snapshot of the embedded database while the server runs.
import type { FastifyPluginAsync } from 'fastify';
import { conflict } from '../../errors';
import { operatorOf } from '../../plugins/access';
import { recordAudit } from '../audit/audit.repository';

export const backupRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/backup', async (request, reply) => {
    const backup = app.database.backup;
    if (!backup) throw conflict('This server uses PostgreSQL: back it up with pg_dump.');
    const bytes = await backup();
    await recordAudit(app.db, operatorOf(request), 'backup.download', 'database', null, { bytes: bytes.byteLength });
    const name = `presale-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(bytes));
  });
};
