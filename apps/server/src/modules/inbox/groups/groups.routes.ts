import { groupsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import {
  addParticipant,
  changeParticipant,
  createGroup,
  getGroup,
  listGroupMessages,
  listGroups,
  markGroupRead,
  retryGroupSync,
  sendGroupMessage,
  updateGroup,
} from './groups.service.js';

/** Chat groups (spec §7 "Chat groups"): WhatsApp groups, their participants and messages. */
export const groupsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, groupsOperations.listGroups, (request) =>
    listGroups(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, groupsOperations.getGroup, (request) =>
    getGroup(db, request.ctx.actor!, request.query.id),
  );
  routeOperation(app, groupsOperations.createGroup, (request) =>
    createGroup(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, groupsOperations.updateGroup, (request) =>
    updateGroup(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, groupsOperations.addParticipant, (request) =>
    addParticipant(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, groupsOperations.updateParticipant, (request) =>
    changeParticipant(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, groupsOperations.retryGroupSync, (request) =>
    retryGroupSync(deps, request.ctx.actor!, request.body.groupId),
  );
  routeOperation(app, groupsOperations.listGroupMessages, (request) =>
    listGroupMessages(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, groupsOperations.sendGroupMessage, (request) =>
    sendGroupMessage(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, groupsOperations.markGroupRead, (request) =>
    markGroupRead(deps, request.ctx.actor!, request.body.groupId),
  );
};
