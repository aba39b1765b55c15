// GET /api/admin/backup: a consistent snapshot of the embedded database while the server runs.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { createBackup } from './backup.service';

export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/backup', async (request, reply) => {
    const bytes = await createBackup(app.database, operatorOf(request));
    const name = `presale-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    return reply
      .header('content-type', 'application/gzip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(bytes));
  });
};
