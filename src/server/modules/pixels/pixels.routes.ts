import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { createPixel, deletePixel, listPixels, updatePixel } from './pixels.service';

export const pixelRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'GET /api/admin/pixels', async () => ({ pixels: await listPixels(app.db) }));

  route(app, 'POST /api/admin/pixels', async (request, reply) => {
    const pixel = await createPixel(app.db, operatorOf(request), request.body);
    await app.pixelPresence.refresh();
    return reply.status(201).send(pixel);
  });

  route(app, 'PUT /api/admin/pixels/:id', async (request) =>
    updatePixel(app.db, operatorOf(request), request.params.id, request.body),
  );

  route(app, 'DELETE /api/admin/pixels/:id', async (request) => {
    await deletePixel(app.db, operatorOf(request), request.params.id);
    await app.pixelPresence.refresh();
    return { ok: true as const };
  });
};
