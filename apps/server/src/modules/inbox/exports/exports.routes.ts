import { CsExportPageSchema, CsExportSchema, ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../../platform/http-io.js';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { HistoryQuerySchema, historyQuery } from '../rooms/rooms.routes.js';
import { getExport, getExportFile, listAllExports, listExports, requestExport } from './exports.service.js';

const ExportSchema = CsExportSchema;
const ExportPageSchema = CsExportPageSchema;
const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const pageQuery = z.object({
  pageNumber: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export const exportsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/api/cs/exports',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Every export the caller may see (history and customers), newest first; agents see their own',
        querystring: pageQuery,
        response: { 200: ExportPageSchema, ...errors },
      },
    },
    async (request) => listAllExports(db, request.ctx.actor!, request.query),
  );
  app.get(
    '/api/cs/exports/:id',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'One export with its status and progress',
        params: z.object({ id: z.string() }),
        response: { 200: ExportSchema, ...errors },
      },
    },
    async (request) => getExport(db, request.ctx.actor!, request.params.id),
  );
  for (const { path, kind, rule, noun } of [
    {
      path: '/api/cs/exportChatroomHistory',
      kind: 'chatroomHistory',
      rule: csAccess.inbox,
      noun: 'chat-room history',
    },
    {
      path: '/api/cs/exportCustomer',
      kind: 'customers',
      rule: csAccess.admins,
      noun: 'customers',
    },
  ] as const) {
    app.post(
      path,
      {
        config: { access: rule },
        schema: {
          tags: CS_TAGS,
          security,
          summary: `Request an export of ${noun} (asType csv; history filters; pageSize -1 means all); built by a job`,
          body: HistoryQuerySchema.extend({ asType: z.literal('csv').default('csv') }),
          response: { 202: ExportSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send(await requestExport(deps, request.ctx.actor!, kind, historyQuery(request.body))),
    );
    app.get(
      path,
      {
        config: { access: rule },
        schema: {
          tags: CS_TAGS,
          security,
          summary: `Requested ${noun} exports with their progress, newest first (an agent sees only their own)`,
          querystring: pageQuery,
          response: { 200: ExportPageSchema, ...errors },
        },
      },
      async (request) => listExports(db, request.ctx.actor!, kind, request.query),
    );
    app.get(
      `${path}/download`,
      {
        config: { access: rule },
        schema: {
          tags: CS_TAGS,
          security,
          summary: `The finished ${noun} export file`,
          querystring: z.object({ id: z.string() }),
          response: { 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const file = await getExportFile(db, request.ctx.actor!, kind, request.query.id);
        return sendCsv(reply, file.fileName, file.content);
      },
    );
  }
};
