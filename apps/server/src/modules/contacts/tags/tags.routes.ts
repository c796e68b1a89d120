import { CsTagSchema, ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../platform/database.js';
import { pageSize } from '../../../platform/http-io.js';
import { CS_TAGS, contactsAccess, security } from '../contacts.access.js';
import { createTag, deleteTag, insertTagList, listTags, renameTag } from './tags.service.js';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export const tagsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const admins = { access: contactsAccess.admins };
  const inbox = { access: contactsAccess.inbox };

  app.get(
    '/api/cs/tag/list',
    {
      // Tag names are no personal data, and agents' screens and transfers by tag read them.
      config: inbox,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'The tag list, paged, with search',
        querystring: z.object({
          pageNumber: z.coerce.number().int().min(1).optional(),
          pageSize: pageSize(),
          search: z.string().max(100).optional(),
        }),
        response: {
          200: z.object({
            items: z.array(CsTagSchema),
            total: z.number(),
            pageNumber: z.number(),
            pageSize: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (request) => listTags(db, request.ctx.actor!, request.query),
  );
  app.post(
    '/api/cs/tag/list',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Add a tag',
        body: z.object({
          name: z.string().trim().min(1).max(100),
          description: z.string().max(500).nullable().optional(),
        }),
        response: { 201: CsTagSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTag(db, request.ctx.actor!, request.body)),
  );
  app.put(
    '/api/cs/tag/list',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Rename or describe a tag',
        body: z.object({
          id: z.string(),
          name: z.string().trim().min(1).max(100).optional(),
          description: z.string().max(500).nullable().optional(),
        }),
        response: { 200: CsTagSchema, ...errors },
      },
    },
    async (request) => renameTag(db, request.ctx.actor!, request.body),
  );
  app.delete(
    '/api/cs/tag/list',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Remove a tag from the tag list (customers and agents keep the name they carry)',
        querystring: z.object({ id: z.string() }),
        response: { 200: CsTagSchema, ...errors },
      },
    },
    async (request) => deleteTag(db, request.ctx.actor!, request.query.id),
  );
  app.post(
    '/api/cs/tag/list/insert',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Add many tags; existing names are skipped',
        body: z.object({ tags: z.array(z.string().max(100)).min(1).max(1000) }),
        response: {
          200: z.object({ inserted: z.array(CsTagSchema), skipped: z.array(z.string()) }),
          ...errors,
        },
      },
    },
    async (request) => insertTagList(db, request.ctx.actor!, request.body.tags),
  );
};
