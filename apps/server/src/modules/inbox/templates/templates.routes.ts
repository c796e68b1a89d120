import {
  ChatTemplateActionSchema,
  ChatTemplatePageSchema,
  ChatTemplateSaveSchema,
  ChatTemplateSchema,
  ErrorBodySchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isTrue, queryFlag } from '../../../platform/http-io.js';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { applyTemplateAction, deleteTemplate, listTemplates, saveTemplate } from './templates.service.js';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const editors = { access: csAccess.templateEditors };

export const templatesRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/api/cs/chatTemplate',
    {
      config: { access: csAccess.templateReaders },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Chat templates (agents see active ones), paged, with search',
        querystring: z.object({
          pageNumber: z.coerce.number().int().min(0).optional(),
          pageSize: z.coerce.number().int().min(1).max(200).optional(),
          search: z.string().max(200).optional(),
          isClosingRemark: queryFlag,
        }),
        response: {
          200: ChatTemplatePageSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      listTemplates(db, request.ctx.actor!, {
        ...request.query,
        isClosingRemark:
          request.query.isClosingRemark === undefined ? undefined : isTrue(request.query.isClosingRemark),
      }),
  );
  app.put(
    '/api/cs/chatTemplate',
    {
      config: editors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Create a chat template, or update the one named by id',
        body: ChatTemplateSaveSchema,
        response: { 200: ChatTemplateSchema, ...errors },
      },
    },
    async (request) => saveTemplate(db, request.ctx.actor!, request.body),
  );
  app.delete(
    '/api/cs/chatTemplate',
    {
      config: editors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Delete a chat template',
        querystring: z.object({ id: z.string() }),
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => deleteTemplate(db, request.ctx.actor!, request.query.id),
  );
  app.post(
    '/api/cs/chatTemplate/action',
    {
      config: editors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Activate, deactivate or delete several chat templates',
        body: ChatTemplateActionSchema,
        response: { 200: z.object({ action: z.string(), affected: z.number() }), ...errors },
      },
    },
    async (request) => applyTemplateAction(db, request.ctx.actor!, request.body),
  );
};
