import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { findAuditEntries } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/audit', async (request) => {
    const { page, pageSize, action, operator, from, to } = request.query;
    const filter = { action: action || undefined, operator: operator || undefined, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined };
    return findAuditEntries(app.db, page, pageSize, filter);
  });
};
