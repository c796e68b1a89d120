import { ticketsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import { findClient } from '../../clients/index.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  createTicket,
  getDailyTickets,
  getTicketDetail,
  listTickets,
  updateTicket,
} from './tickets.service.js';

/** Tickets (spec §7 `GET /tickets`): conversations followed until resolved (decision 0037). */
export const ticketsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, ticketsOperations.listTickets, (request) =>
    listTickets(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, ticketsOperations.getTicket, (request) =>
    getTicketDetail(db, request.ctx.actor!, request.query.id),
  );
  routeOperation(app, ticketsOperations.createTicket, (request) =>
    createTicket(db, request.ctx.actor!, request.body, deps),
  );
  routeOperation(app, ticketsOperations.updateTicket, (request) =>
    updateTicket(db, request.ctx.actor!, request.body, deps),
  );
  routeOperation(app, ticketsOperations.dailyTickets, async (request) => {
    const actor = request.ctx.actor!;
    const timezone = (await findClient(db, actor.clientId))?.timezone;
    return getDailyTickets(db, actor, request.query, timezone);
  });
};
