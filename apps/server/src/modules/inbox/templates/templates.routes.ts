import { ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../platform/request-context.js';
import { CS_TAGS, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { isTrue, queryFlag } from '../inbox.http.js';
import { applyTemplateAction, deleteTemplate, listTemplates, saveTemplate } from './templates.service.js';

const TemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  shortcut: z.string().nullable(),
  isClosingRemark: z.boolean(),
  active: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
/** Spec §6: chat templates are edited by SAD, ADC, ADB and USE. */
const editors = { access: access.feature('CS', ['SAD', 'ADC', 'ADB', 'USE']) };

export const templatesRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/api/cs/chatTemplate',
    {
      config: { access: access.feature('CS') },
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
          200: z.object({
            items: z.array(TemplateSchema),
            total: z.number(),
            pageNumber: z.number(),
            pageSize: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      listTemplates(db, request.ctx.session!, {
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
        body: z.object({
          id: z.string().optional(),
          name: z.string().trim().min(1).max(200),
          content: z.string().min(1).max(4096),
          shortcut: z.string().max(50).nullable().optional(),
          isClosingRemark: z.boolean().optional(),
          active: z.boolean().optional(),
        }),
        response: { 200: TemplateSchema, ...errors },
      },
    },
    async (request) => saveTemplate(db, request.ctx.session!, request.body),
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
    async (request) => deleteTemplate(db, request.ctx.session!, request.query.id),
  );
  app.post(
    '/api/cs/chatTemplate/action',
    {
      config: editors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Activate, deactivate or delete several chat templates',
        body: z.object({
          action: z.enum(['activate', 'deactivate', 'delete']),
          ids: z.array(z.string()).min(1).max(500),
        }),
        response: { 200: z.object({ action: z.string(), affected: z.number() }), ...errors },
      },
    },
    async (request) => applyTemplateAction(db, request.ctx.session!, request.body),
  );
};
