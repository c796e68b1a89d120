import { categoriesOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  createRoomCategory,
  deleteRoomCategory,
  listRoomCategories,
  renameRoomCategory,
} from './categories.service.js';

/** Room categories (config screen roomCategory); agents pick one before closing when mandatory. */
export const categoriesRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, categoriesOperations.listCategories, (request) =>
    listRoomCategories(db, request.ctx.actor!),
  );
  routeOperation(app, categoriesOperations.createCategory, (request) =>
    createRoomCategory(db, request.ctx.actor!, request.body.name),
  );
  routeOperation(app, categoriesOperations.renameCategory, (request) =>
    renameRoomCategory(db, request.ctx.actor!, request.body.id, request.body.name),
  );
  routeOperation(app, categoriesOperations.deleteCategory, (request) =>
    deleteRoomCategory(db, request.ctx.actor!, request.query.id),
  );
};
