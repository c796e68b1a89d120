import { agentsOperations, CsAgentSchema, ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, csIdOf, hasRole } from '../../../platform/actor.js';
import { isTrue, sendCsv } from '../../../platform/http-io.js';
import {
  type OperationRequest,
  readOperationUpload,
  routeOperation,
} from '../../../platform/operation-route.js';
import { searchCustomers } from '../../contacts/index.js';
import { sendChatMessage } from '../chat/chat.service.js';
import { CS_ADMINS, CS_SUPERVISORS, isInboxSupervisor } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { agentNotFound } from '../inbox.errors.js';
import type { AgentKind } from './agents.repository.js';
import {
  changeAgentStatus,
  createAgent,
  deleteAgent,
  exportAgentLogXlsx,
  exportAgentsCsv,
  getAgentDetail,
  getMyAgent,
  importAgents,
  listAgents,
  listTagsOfAgents,
  setOneSignalId,
  updateAgentByEmail,
} from './agents.service.js';

const toTags = (value: string | string[] | undefined) =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : value.split(',')).map((t) => t.trim()).filter(Boolean);

type ListQuery = OperationRequest<typeof agentsOperations.listAgents>['query'];

export const agentsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;

  routeOperation(app, agentsOperations.changeStatus, (request) =>
    changeAgentStatus(deps, request.ctx.actor!, request.body.status, {
      releaseRooms: request.body.releaseRooms,
    }),
  );
  routeOperation(app, agentsOperations.goOffline, (request) =>
    changeAgentStatus(deps, request.ctx.actor!, 'offline'),
  );

  const list = (kind: AgentKind, actor: Actor, query: ListQuery) =>
    listAgents(db, actor, kind, {
      lastEvaluatedKey: query.lastEvaluatedKey,
      q: query.q,
      pageSize: query.pageSize,
      fromForward: isTrue(query.fromForward),
      excludeLog: isTrue(query.excludeLog),
      excludeSelf: isTrue(query.excludeSelf),
    });

  routeOperation(app, agentsOperations.listAgents, (request) =>
    list('cs', request.ctx.actor!, request.query),
  );
  routeOperation(app, agentsOperations.getAgent, (request) => {
    if (!request.query.email && !request.query.csId) throw agentNotFound();
    return getAgentDetail(db, request.ctx.actor!, request.query);
  });
  // Two success bodies (201 with a created agent, 200 otherwise) are more than an operation declares, so
  // this one route is registered from its descriptor by hand with the 201 added.
  const postAgent = agentsOperations.postAgent;
  app.route({
    method: postAgent.method,
    url: postAgent.path,
    config: { access: postAgent.access },
    schema: {
      tags: [...postAgent.tags],
      summary: postAgent.summary,
      security: [{ bearer: [] }],
      body: postAgent.body,
      response: {
        200: postAgent.response,
        201: CsAgentSchema,
        ...Object.fromEntries((postAgent.errors ?? []).map((status) => [status, ErrorBodySchema])),
      },
    },
    handler: async (request: OperationRequest<typeof postAgent>, reply) => {
      const actor = request.ctx.actor!;
      const body = request.body;
      if (body.roomId) {
        return sendChatMessage(deps, request.ctx.actor!, {
          roomId: body.roomId,
          content: body.content,
          type: body.type ?? 'text',
          url: body.url,
        });
      }
      if (body.oneSignalId && !body.csName && !body.name)
        return setOneSignalId(
          db,
          actor,
          body.oneSignalId,
          hasRole(actor, CS_ADMINS) ? body.email : undefined,
        );
      if (!hasRole(actor, CS_SUPERVISORS))
        return reply
          .status(403)
          .send({ error: { code: 'forbidden', message: 'Your role may not do this.' } });
      if (!body.email)
        return reply.status(400).send({ error: { code: 'validation_failed', message: 'email: Required' } });
      if (body.csName) {
        const created = await createAgent(db, actor, 'cs', {
          name: body.csName,
          email: body.email,
          tags: toTags(body.tags),
          activeBot: body.activeBot,
          botName: body.botName,
          csData: body.csData,
          percentageWeight: body.percentageWeight,
          capacity: body.capacity,
        });
        return reply.status(201).send(created);
      }
      return updateAgentByEmail(db, actor, 'cs', body.email, {
        name: body.name,
        tags: toTags(body.tags),
        activeBot: body.activeBot,
        botName: body.botName,
        csData: body.csData,
        percentageWeight: body.percentageWeight,
        capacity: body.capacity,
        deactivated: body.deactivated,
        oneSignalId: body.oneSignalId,
      });
    },
  });
  routeOperation(app, agentsOperations.deleteAgent, (request) =>
    deleteAgent(db, request.ctx.actor!, 'cs', request.query.email, isTrue(request.query.deleted)),
  );
  routeOperation(app, agentsOperations.listAgentTags, (request) => listTagsOfAgents(db, request.ctx.actor!));
  routeOperation(app, agentsOperations.listAgentCustomers, (request) => {
    const actor = request.ctx.actor!;
    // Only supervisors look at another agent's customers; agents and internal users see their own.
    const ownCsId = csIdOf(actor);
    const csId = isInboxSupervisor(actor) ? (request.query.csId ?? ownCsId) : ownCsId;
    return searchCustomers(db, actor, {
      csId: csId ?? '00000000-0000-0000-0000-000000000000',
      pageSize: request.query.pageSize,
      lastEvaluatedKey: request.query.lastEvaluatedKey,
    });
  });
  routeOperation(app, agentsOperations.getMyAgent, (request) => getMyAgent(db, request.ctx.actor!));
  routeOperation(app, agentsOperations.exportAgentsCsv, async (request, reply) =>
    sendCsv(reply, 'customer-service.csv', await exportAgentsCsv(db, request.ctx.actor!, 'cs')),
  );
  routeOperation(app, agentsOperations.exportAgentLog, (request) =>
    exportAgentLogXlsx(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, agentsOperations.importAgents, async (request) => {
    const { bytes } = await readOperationUpload(request, agentsOperations.importAgents);
    return importAgents(db, request.ctx.actor!, 'cs', bytes);
  });

  for (const kind of ['manager', 'internal'] as const) {
    const operations = agentsOperations[kind];
    routeOperation(app, operations.list, (request) => list(kind, request.ctx.actor!, request.query));
    routeOperation(app, operations.save, async (request) => {
      const actor = request.ctx.actor!;
      const { name, email, deactivated } = request.body;
      const existing = await listAgents(db, actor, kind, { q: email, excludeLog: true, pageSize: 50 });
      const found = existing.items.find((item) => item.email === email.toLowerCase());
      if (!found) {
        if (!name) throw agentNotFound();
        return createAgent(db, actor, kind, { name, email, tags: toTags(request.body.tags) });
      }
      return updateAgentByEmail(db, actor, kind, email, {
        name,
        tags: toTags(request.body.tags),
        deactivated,
      });
    });
    routeOperation(app, operations.remove, (request) =>
      deleteAgent(db, request.ctx.actor!, kind, request.query.email, isTrue(request.query.isDeleted)),
    );
    routeOperation(app, operations.import, async (request) => {
      const { bytes } = await readOperationUpload(request, operations.import);
      return importAgents(db, request.ctx.actor!, kind, bytes);
    });
  }
};
