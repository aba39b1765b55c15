import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@/contracts/admin';
import { findAuditPage } from './audit.repository';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) => {
    const { page, pageSize, action, from, to } = request.query;
    const filter = { action: action || undefined, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined };
    const { entries, total, actions } = await findAuditPage(app.db, page, pageSize, filter);
    return {
      entries: entries.map((e) => ({ id: e.id, operator: e.operatorLogin, action: e.action, entity: e.entity, before: e.before, after: e.after, createdAt: e.createdAt.toISOString() })),
      total,
      page,
      pageSize,
      actions,
    };
  });
};
