import { whatsappTemplateOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/audit/index.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { WhatsappTemplates } from './whatsapp-templates.service.js';

/** `/api/channels/whatsapp/templates`: the client's templates; Graph calls happen in jobs. */
export const whatsappTemplateRoutes: FastifyPluginAsyncZod<{ templates: WhatsappTemplates }> = async (
  app,
  { templates },
) => {
  routeOperation(app, ops.listTemplates, (request) =>
    templates.list(request.ctx.actor!.clientId, request.query),
  );
  routeOperation(app, ops.createTemplate, (request) => templates.create(actorOf(request), request.body));
  routeOperation(app, ops.syncTemplates, (request) =>
    templates.requestSync(request.ctx.actor!.clientId, request.body.channelId),
  );
  routeOperation(app, ops.getTemplate, (request) =>
    templates.get(request.ctx.actor!.clientId, request.params.templateId),
  );
  routeOperation(app, ops.deleteTemplate, (request) =>
    templates.remove(actorOf(request), request.params.templateId),
  );
};
