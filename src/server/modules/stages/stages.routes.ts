// The operator's stages: their own routes with step-up (src/contracts/permissions.ts), since they set what buyers pay.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route';
import { operatorOf } from '../../plugins/access';
import { endStageNow, saveStages } from './stages.service';

export const stageRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, 'PUT /api/admin/sale/stages', async (request) => saveStages(app.db, app.events, operatorOf(request), request.body));

  route(app, 'POST /api/admin/sale/stages/:id/end', async (request) => endStageNow(app.db, app.events, operatorOf(request), request.params.id));
};
