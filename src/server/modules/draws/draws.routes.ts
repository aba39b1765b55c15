import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { buyerIdOf, operatorOf } from '../../plugins/access';
import { changeDrawImage, changeDrawText, createDraw, getDrawImage, getAdminDraws, getMyPrizes, getPublishedDraw, getPublishedDraws, recordPrizeDelivery, type BlockSources } from './draws.service';

export const publicDrawRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/draws/current', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return app.currentDraw.get(new Date());
  });

  // The URL the landing uses carries the picture's version (?v=), so it may be kept for long.
  route(app, 'GET /api/draws/:id/image', async (request, reply) => {
    const { image, imageType } = await getDrawImage(app.db, request.params.id);
    return reply.header('content-type', imageType).header('cache-control', 'public, max-age=86400').send(image);
  });

  route(app, 'GET /api/transparency/draws', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return getPublishedDraws(app.db);
  });

  // Also draw.json: /transparency offers it as a download of this answer.
  route(app, 'GET /api/transparency/draws/:id', async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return getPublishedDraw(app.db, request.params.id);
  });
};

export const myPrizeRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/me/prizes', async (request) => getMyPrizes(app.db, buyerIdOf(request)));
};

/** `sources` finds a chain's blocks; tests hand in their own. */
export const adminDrawRoutes =
  (sources?: BlockSources): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, 'GET /api/admin/draws', async () => getAdminDraws(app.db));

    // Each change is announced: every instance's copy of the landing's draw is then stale.
    const changed = <T>(draw: T): T => {
      app.events.publish({ type: 'draw' });
      return draw;
    };

    route(app, 'POST /api/admin/draws', async (request, reply) => reply.code(201).send(changed(await createDraw(app.db, operatorOf(request), request.body, new Date(), sources))));

    route(app, 'PUT /api/admin/draws/:id/text', async (request) => changed(await changeDrawText(app.db, operatorOf(request), request.params.id, request.body, new Date())));

    route(app, 'PUT /api/admin/draws/:id/image', { bodyLimit: 420 * 1024 }, async (request) => changed(await changeDrawImage(app.db, operatorOf(request), request.params.id, request.body.image, new Date())));

    route(app, 'POST /api/admin/draws/:id/delivery', async (request) => changed(await recordPrizeDelivery(app.db, operatorOf(request), request.params.id, request.body.note, new Date())));
  };
