import { availabilityOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  createAvailability,
  deleteAvailability,
  listAvailability,
  updateAvailability,
} from './availability.service.js';

/** `/api/cs/cs-availability` (spec §7): business hours and agents' schedules. */
export const availabilityRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, availabilityOperations.listAvailability, (request) =>
    listAvailability(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, availabilityOperations.createAvailability, (request) =>
    createAvailability(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, availabilityOperations.updateAvailability, (request) =>
    updateAvailability(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, availabilityOperations.deleteAvailability, (request) =>
    deleteAvailability(db, request.ctx.actor!, request.query.id),
  );
};
