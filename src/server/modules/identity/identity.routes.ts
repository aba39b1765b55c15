import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IDENTITY_UPLOAD_BODY_LIMIT, SIGNATURE_HEADER } from '@/contracts/identity';
import { route } from '../../http/route';
import { buyerIdOf, operatorOf } from '../../plugins/access';

const EXTENSIONS: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'application/pdf': '.pdf' };

/** The buyer's standing and their documents (review in Presale). */
export const myIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/me/identity', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return app.identity.mine(buyerIdOf(request));
  });

  route(app, 'POST /api/me/identity/documents', { bodyLimit: IDENTITY_UPLOAD_BODY_LIMIT }, async (request, reply) => {
    return reply.status(201).send(await app.identity.submit(buyerIdOf(request), request.body));
  });
};

/** The settings (read by all, changed with step-up) and the reviewers' queue (the `identity` capability). */
export const adminIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/identity/settings', async () => app.identity.settings());
  route(app, 'PUT /api/admin/identity/settings', async (request) => app.identity.changeSettings(operatorOf(request), request.body));

  route(app, 'GET /api/admin/identity/checks', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { checks: await app.identity.checks(request.query.status) };
  });

  route(app, 'GET /api/admin/identity/checks/:id/documents/:kind', async (request, reply) => {
    const document = await app.identity.document(operatorOf(request), request.params.id, request.params.kind);
    // Shown in the reviewer's browser as what its bytes are, never cached, never run as a page.
    return reply
      .header('content-type', document.mime)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      // Images open in the tab; a PDF is downloaded rather than run in the browser's viewer.
      .header('content-disposition', `${document.mime === 'application/pdf' ? 'attachment' : 'inline'}; filename="${request.params.kind}-${String(request.params.id)}${EXTENSIONS[document.mime] ?? ''}"`)
      .send(document.data);
  });

  route(app, 'POST /api/admin/identity/checks/:id/approve', async (request) => app.identity.approve(operatorOf(request), request.params.id));
  route(app, 'POST /api/admin/identity/checks/:id/reject', async (request) => app.identity.reject(operatorOf(request), request.params.id, request.body.reason));
};

/**
 * The provider's webhook: its body is kept as the bytes that arrived, because the signature is over
 * them (parsed only once the signature holds). The parser is this plugin's own (encapsulated).
 */
export const identityWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, body);
  });
  route(app, 'POST /api/identity/webhook', async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return app.identity.applyProviderEvent(raw, request.headers[SIGNATURE_HEADER] as string | undefined);
  });
};
