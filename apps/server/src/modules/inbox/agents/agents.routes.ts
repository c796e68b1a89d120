import {
  AGENT_OFFLINE_PATH,
  AGENT_STATUS_PATH,
  AgentStatusStateSchema,
  ChangeAgentStatusSchema,
  ChatMessageSchema,
  CsAgentSchema,
  CsCustomerSchema,
  CsRowReportSchema,
  CsTagNamesSchema,
  ErrorBodySchema,
  keysetPageOf,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Actor, csIdOf, hasRole } from '../../../platform/actor.js';
import { isTrue, pageSize, queryFlag, readUploadedFile, sendCsv } from '../../../platform/http-io.js';
import { searchCustomers } from '../../contacts/index.js';
import { sendChatMessage } from '../chat/chat.service.js';
import {
  CS_ADMINS,
  CS_SUPERVISORS,
  CS_TAGS,
  csAccess,
  isInboxSupervisor,
  security,
} from '../inbox.access.js';
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

const tags = z.union([z.array(z.string()), z.string()]).optional();
const toTags = (value: string | string[] | undefined) =>
  value === undefined
    ? undefined
    : (Array.isArray(value) ? value : value.split(',')).map((t) => t.trim()).filter(Boolean);
const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * POST /customerService carries several calls (spec §7): create (csName), update (name), activate
 * (deactivated=false), oneSignalId, and sending a chat message (roomId).
 */
const CustomerServicePostSchema = z.object({
  csName: z.string().min(1).max(200).optional(),
  name: z.string().min(1).max(200).optional(),
  email: z.email().optional(),
  tags,
  activeBot: z.boolean().optional(),
  botName: z.string().max(200).nullable().optional(),
  csData: z.record(z.string(), z.unknown()).optional(),
  percentageWeight: z.coerce.number().int().min(0).max(100).optional(),
  capacity: z.coerce.number().int().min(1).max(1000).optional(),
  deactivated: z.boolean().optional(),
  oneSignalId: z.string().min(1).max(200).optional(),
  roomId: z.string().optional(),
  content: z.string().max(4096).optional(),
  type: z.enum(['text', 'image']).optional(),
  url: z.string().max(2000).optional(),
  fromCs: z.boolean().optional(),
});

export const agentsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.put(
    AGENT_STATUS_PATH,
    {
      config: { access: csAccess.agentSelf },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Change my agent status (chat role CS or SPV)',
        body: ChangeAgentStatusSchema,
        response: { 200: AgentStatusStateSchema, ...errors },
      },
    },
    async (request) => changeAgentStatus(deps, request.ctx.actor!, request.body.status),
  );
  app.put(
    AGENT_OFFLINE_PATH,
    {
      config: { access: csAccess.agentSelf },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Go offline (logout, session expiry)',
        response: { 200: AgentStatusStateSchema, ...errors },
      },
    },
    async (request) => changeAgentStatus(deps, request.ctx.actor!, 'offline'),
  );

  const listQuery = z.object({
    lastEvaluatedKey: z.string().optional(),
    q: z.string().max(200).optional(),
    pageSize: pageSize(),
    fromForward: queryFlag,
    excludeLog: queryFlag,
    excludeSelf: queryFlag,
  });
  type ListQuery = z.infer<typeof listQuery>;
  const list = (kind: AgentKind, actor: Actor, query: ListQuery) =>
    listAgents(db, actor, kind, {
      lastEvaluatedKey: query.lastEvaluatedKey,
      q: query.q,
      pageSize: query.pageSize,
      fromForward: isTrue(query.fromForward),
      excludeLog: isTrue(query.excludeLog),
      excludeSelf: isTrue(query.excludeSelf),
    });

  app.get(
    '/api/cs/customerService',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'CS agents, paged by lastEvaluatedKey',
        querystring: listQuery,
        response: { 200: keysetPageOf(CsAgentSchema), ...errors },
      },
    },
    async (request) => list('cs', request.ctx.actor!, request.query),
  );
  app.get(
    '/api/cs/customerService/detail',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'One CS agent by email or csId',
        querystring: z.object({ email: z.string().optional(), csId: z.string().optional() }),
        response: { 200: CsAgentSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.query.email && !request.query.csId) throw agentNotFound();
      return getAgentDetail(db, request.ctx.actor!, request.query);
    },
  );
  app.post(
    '/api/cs/customerService',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Create, update or activate an agent, set the OneSignal id, or send a chat message',
        body: CustomerServicePostSchema,
        response: { 200: z.union([CsAgentSchema, ChatMessageSchema]), 201: CsAgentSchema, ...errors },
      },
    },
    async (request, reply) => {
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
  );
  app.delete(
    '/api/cs/customerService',
    {
      config: { access: csAccess.supervisors },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Deactivate an agent, or delete with deleted=true',
        querystring: z.object({ email: z.string(), deleted: queryFlag }),
        response: { 200: CsAgentSchema, ...errors },
      },
    },
    async (request) =>
      deleteAgent(db, request.ctx.actor!, 'cs', request.query.email, isTrue(request.query.deleted)),
  );
  app.get(
    '/api/cs/customerService/tags',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Tags used by agents',
        response: { 200: CsTagNamesSchema },
      },
    },
    async (request) => listTagsOfAgents(db, request.ctx.actor!),
  );
  app.get(
    '/api/cs/customerService/listCustomer',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Customers assigned to an agent',
        querystring: z.object({
          csId: z.guid('csId must be the id of an agent').optional(),
          pageSize: pageSize(),
          lastEvaluatedKey: z.string().optional(),
        }),
        response: { 200: keysetPageOf(CsCustomerSchema), ...errors },
      },
    },
    async (request) => {
      const actor = request.ctx.actor!;
      // Only supervisors look at another agent's customers; agents and internal users see their own.
      const ownCsId = csIdOf(actor);
      const csId = isInboxSupervisor(actor) ? (request.query.csId ?? ownCsId) : ownCsId;
      return searchCustomers(db, actor, {
        csId: csId ?? '00000000-0000-0000-0000-000000000000',
        pageSize: request.query.pageSize,
        lastEvaluatedKey: request.query.lastEvaluatedKey,
      });
    },
  );
  app.get(
    '/api/cs/customerService/me',
    {
      config: { access: csAccess.inbox },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'My agent record and status',
        response: { 200: CsAgentSchema, ...errors },
      },
    },
    async (request) => getMyAgent(db, request.ctx.actor!),
  );
  app.get(
    '/api/cs/customerService/exportToCsv',
    {
      config: { access: csAccess.supervisors },
      schema: { tags: CS_TAGS, security, summary: 'Agents as CSV' },
    },
    async (request, reply) =>
      sendCsv(reply, 'customer-service.csv', await exportAgentsCsv(db, request.ctx.actor!, 'cs')),
  );
  app.get(
    '/api/cs/exportLogToXlsx',
    {
      config: { access: csAccess.supervisors },
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Agents’ log-in/out times as a base64 xlsx',
        querystring: z.object({
          csEmail: z.string().optional(),
          startDate: z.coerce.date().optional(),
          endDate: z.coerce.date().optional(),
        }),
        response: { 200: z.object({ fileName: z.string(), data: z.string(), rows: z.number() }), ...errors },
      },
    },
    async (request) => exportAgentLogXlsx(db, request.ctx.actor!, request.query),
  );
  app.post(
    '/api/cs/customerService/import',
    {
      config: { access: csAccess.supervisors },
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Create agents from one CSV file (csName, email, tags, percentageWeight); answers a per-row report',
        response: { 200: CsRowReportSchema, ...errors },
      },
    },
    async (request) => importAgents(db, request.ctx.actor!, 'cs', await readUploadedFile(request)),
  );

  for (const [path, kind] of [
    ['/api/cs/manager', 'manager'],
    ['/api/cs/internal-user', 'internal'],
  ] as const) {
    const noun = kind === 'manager' ? 'managers' : 'internal users';
    app.get(
      path,
      {
        config: { access: csAccess.supervisors },
        schema: {
          tags: CS_TAGS,
          security,
          summary: `List ${noun}`,
          querystring: listQuery,
          response: { 200: keysetPageOf(CsAgentSchema), ...errors },
        },
      },
      async (request) => list(kind, request.ctx.actor!, request.query),
    );
    app.put(
      path,
      {
        config: { access: csAccess.admins },
        schema: {
          tags: CS_TAGS,
          security,
          summary: `Add or update one of the ${noun} (name, email, tags), or activate with deactivated=false`,
          body: z.object({
            name: z.string().min(1).max(200).optional(),
            email: z.email(),
            tags,
            deactivated: z.boolean().optional(),
          }),
          response: { 200: CsAgentSchema, ...errors },
        },
      },
      async (request) => {
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
      },
    );
    app.delete(
      path,
      {
        config: { access: csAccess.admins },
        schema: {
          tags: CS_TAGS,
          security,
          summary: `Deactivate one of the ${noun}, or delete with isDeleted=true`,
          querystring: z.object({ email: z.string(), isDeleted: queryFlag }),
          response: { 200: CsAgentSchema, ...errors },
        },
      },
      async (request) =>
        deleteAgent(db, request.ctx.actor!, kind, request.query.email, isTrue(request.query.isDeleted)),
    );
    app.post(
      `${path}/import`,
      {
        config: { access: csAccess.admins },
        schema: {
          tags: CS_TAGS,
          security,
          summary: `Add ${noun} from one CSV file (name, email, tags); answers a per-row report`,
          response: { 200: CsRowReportSchema, ...errors },
        },
      },
      async (request) => importAgents(db, request.ctx.actor!, kind, await readUploadedFile(request)),
    );
  }
};
