import { contactsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../platform/database.js';
import { routeOperation } from '../../../platform/operation-route.js';
import { createTag, deleteTag, insertTagList, listTags, renameTag } from './tags.service.js';

export const tagsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  routeOperation(app, contactsOperations.listTags, (request) =>
    listTags(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, contactsOperations.createTag, (request) =>
    createTag(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, contactsOperations.updateTag, (request) =>
    renameTag(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, contactsOperations.deleteTag, (request) =>
    deleteTag(db, request.ctx.actor!, request.query.id),
  );
  routeOperation(app, contactsOperations.insertTags, (request) =>
    insertTagList(db, request.ctx.actor!, request.body.tags),
  );
};
