import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '@/contracts/common';
import { adminPixelSchema, adminPixelsSchema, pixelBodySchema, pixelIdParams } from '@/contracts/pixels';
import { operatorOf } from '../../plugins/access';
import { createPixel, deletePixel, listPixels, updatePixel } from './pixels.service';

export const pixelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/admin/pixels', { schema: { response: { 200: adminPixelsSchema } } }, async () => ({ pixels: await listPixels(app.db) }));

  app.post('/api/admin/pixels', { schema: { body: pixelBodySchema, response: { 201: adminPixelSchema } } }, async (request, reply) => {
    const pixel = await createPixel(app.db, operatorOf(request), request.body);
    await app.pixelPresence.refresh();
    return reply.status(201).send(pixel);
  });

  app.put('/api/admin/pixels/:id', { schema: { params: pixelIdParams, body: pixelBodySchema, response: { 200: adminPixelSchema } } }, async (request) =>
    updatePixel(app.db, operatorOf(request), request.params.id, request.body),
  );

  app.delete('/api/admin/pixels/:id', { schema: { params: pixelIdParams, response: { 200: okSchema } } }, async (request) => {
    await deletePixel(app.db, operatorOf(request), request.params.id);
    await app.pixelPresence.refresh();
    return { ok: true as const };
  });
};
