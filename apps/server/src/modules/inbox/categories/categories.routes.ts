import {
  ErrorBodySchema,
  RoomCategoryListSchema,
  RoomCategoryNameSchema,
  RoomCategorySchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  createRoomCategory,
  deleteRoomCategory,
  listRoomCategories,
  renameRoomCategory,
} from './categories.service.js';

const CategorySchema = RoomCategorySchema;
const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const admins = { access: csAccess.admins };
const name = RoomCategoryNameSchema;

/** Room categories (config screen roomCategory); agents pick one before closing when mandatory. */
export const categoriesRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  app.get(
    '/api/cs/roomCategory',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Room categories',
        response: { 200: RoomCategoryListSchema },
      },
    },
    async (request) => listRoomCategories(db, request.ctx.actor!),
  );
  app.post(
    '/api/cs/roomCategory',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Add a room category',
        body: z.object({ name }),
        response: { 201: CategorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRoomCategory(db, request.ctx.actor!, request.body.name)),
  );
  app.put(
    '/api/cs/roomCategory',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Rename a room category',
        body: z.object({ id: z.string(), name }),
        response: { 200: CategorySchema, ...errors },
      },
    },
    async (request) => renameRoomCategory(db, request.ctx.actor!, request.body.id, request.body.name),
  );
  app.delete(
    '/api/cs/roomCategory',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Delete a room category',
        querystring: z.object({ id: z.string() }),
        response: { 200: z.object({ deleted: z.number() }), ...errors },
      },
    },
    async (request) => deleteRoomCategory(db, request.ctx.actor!, request.query.id),
  );
};
