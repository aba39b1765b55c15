// The back-office Outbox (operator scope): every message with its state, its text and links, its
// HTML in a sandbox, and a resend.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '@/contracts/permissions';
import { notFound } from '../../errors';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { outboxDetail, outboxHtml, outboxPage, resendMail, type LinkView } from './mail.service';

/** The message's HTML as its own sandboxed document: no script, no same-origin access, inline styles and images only. */
const HTML_POLICY = "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; base-uri 'none'; form-action 'none'";

/** Live single-use links (a reset link opens the buyer's account) are the Owners' to read; others see them hidden. */
const linkViewOf = (request: FastifyRequest): LinkView => (can(operatorOf(request).role, 'own') ? 'live' : 'hidden');

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/outbox', async (request) => outboxPage(app.db, request.query.page, request.query.pageSize, app.mailSender.sending));

  route(app, 'GET /api/admin/outbox/:id', async (request) => outboxDetail(app.db, request.params.id, linkViewOf(request)));

  route(app, 'GET /api/admin/outbox/:id/html', async (request, reply) => {
    const html = await outboxHtml(app.db, request.params.id, linkViewOf(request));
    if (html === null) throw notFound('This message is rendered when it is sent; open it again then.');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', HTML_POLICY)
      .header('cache-control', 'no-store')
      .send(html.replace(/<head>/i, '<head><base target="_blank">'));
  });

  route(app, 'POST /api/admin/outbox/:id/resend', async (request) => resendMail(app.db, request.params.id, linkViewOf(request)));
};
