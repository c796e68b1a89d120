import { templatesOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isTrue } from '../../../platform/http-io.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import { applyTemplateAction, deleteTemplate, listTemplates, saveTemplate } from './templates.service.js';

export const templatesRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, templatesOperations.listTemplates, (request) =>
    listTemplates(db, request.ctx.actor!, {
      ...request.query,
      isClosingRemark:
        request.query.isClosingRemark === undefined ? undefined : isTrue(request.query.isClosingRemark),
    }),
  );
  routeOperation(app, templatesOperations.saveTemplate, (request) =>
    saveTemplate(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, templatesOperations.deleteTemplate, (request) =>
    deleteTemplate(db, request.ctx.actor!, request.query.id),
  );
  routeOperation(app, templatesOperations.applyTemplateAction, (request) =>
    applyTemplateAction(db, request.ctx.actor!, request.body),
  );
};
