import { ChatRoomSchema, ErrorBodySchema, keysetPageOf } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';

const HistoryPageSchema = keysetPageOf(ChatRoomSchema).extend({ total: z.number() });

import { isTrue, queryFlag, sendCsv } from '../../../platform/http-io.js';
import {
  closeBotRooms,
  closeRoom,
  createInternalRoom,
  distributeBotRooms,
  exportHistoryCsv,
  exportRoomCsv,
  getRoomDetail,
  getRoomInfo,
  listHistory,
  listHistoryOfCustomer,
  listRooms,
  setRoomCategory,
  setRoomPriority,
  transferRoom,
  transferRoomToTag,
} from './rooms.service.js';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const direction = z.enum(['asc', 'desc']).optional();

export const RoomListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
  pageNumber: z.coerce.number().int().min(0).optional(),
  lastEvaluatedKey: z.string().optional(),
  csId: z.string().optional().describe('Last-evaluated-key part'),
  clientId: z.string().optional().describe('Last-evaluated-key part'),
  createdAt: z
    .string()
    .optional()
    .describe('Last-evaluated-key part: rooms created before (desc) or after (asc) it'),
  sort: direction,
  orderByDate: direction,
  sortBy: z
    .enum(['createdAt', 'lastMessage'])
    .optional()
    .describe('What sort and orderByDate order by: the room’s start (default) or its latest message'),
  filterPriority: z.string().optional(),
  filterCategory: z.string().optional(),
  filterTags: z.string().optional(),
  filterSocials: z.string().optional(),
  filterCS: z.string().optional(),
  filterLastReply: z.enum(['cs', 'customer']).optional(),
  filterChannel: z.string().optional(),
  status: z.enum(['queued', 'open', 'all']).optional(),
});

export const HistoryQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(-1).max(1000).optional(),
  pageNumber: z.coerce.number().int().min(0).optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  status: z.literal('closed').optional(),
  lastEvaluatedKey: z.string().optional(),
  createdAt: z.string().optional(),
  csId: z.string().optional(),
  clientId: z.string().optional(),
  isPagination: queryFlag,
  csEmail: z.string().optional(),
  closedBy: z.string().optional(),
  customerPhoneNumber: z.string().optional(),
  remarks: z.string().optional(),
  name: z.string().optional(),
  csTag: z.string().optional(),
  mediaPlatform: z.string().optional(),
  shortId: z.string().optional(),
  dataOffset: z.coerce.number().int().min(0).optional(),
  categoryName: z.string().optional(),
});
export type HistoryQueryInput = z.infer<typeof HistoryQuerySchema>;
export const historyQuery = (query: HistoryQueryInput) => ({
  ...query,
  isPagination: query.isPagination === undefined ? undefined : isTrue(query.isPagination),
});

export const roomsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const cs = { access: csAccess.inbox };
  const supervisors = { access: csAccess.supervisors };

  for (const [path, bot] of [
    ['/api/cs/chatRoom', false],
    ['/api/cs/chatRoom/bot', true],
  ] as const) {
    app.get(
      path,
      {
        config: cs,
        schema: {
          tags: CS_TAGS,
          security,
          summary: bot
            ? 'Bot rooms'
            : 'Rooms: mine and the queue for agents, all (or by tags) for supervisors',
          querystring: RoomListQuerySchema,
          response: { 200: keysetPageOf(ChatRoomSchema), ...errors },
        },
      },
      async (request) => listRooms(db, request.ctx.actor!, request.query, bot),
    );
  }
  app.delete(
    '/api/cs/chatRoom',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Close a room with remarks; forceClose (supervisors) closes another agent’s; isMarge merges it into the customer’s previous room',
        body: z.object({
          roomId: z.string(),
          remarks: z.string().max(2000).optional(),
          csCampaign: z.string().max(200).optional(),
        }),
        querystring: z.object({ forceClose: queryFlag, isMarge: queryFlag }),
        response: { 200: ChatRoomSchema, ...errors },
      },
    },
    async (request) =>
      closeRoom(deps, request.ctx.actor!, request.body, {
        forceClose: isTrue(request.query.forceClose),
        isMarge: isTrue(request.query.isMarge),
      }),
  );
  app.put(
    '/api/cs/chatRoom/bot',
    {
      config: supervisors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Close one bot room',
        body: z.object({ roomId: z.string(), remarks: z.string().max(2000).optional() }),
        response: { 200: z.object({ closed: z.number() }), ...errors },
      },
    },
    async (request) => closeBotRooms(deps, request.ctx.actor!, request.body),
  );
  app.delete(
    '/api/cs/chatRoom/bot',
    {
      config: supervisors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Close every bot room',
        response: { 200: z.object({ closed: z.number() }), ...errors },
      },
    },
    async (request) => closeBotRooms(deps, request.ctx.actor!, {}),
  );
  app.put(
    '/api/cs/strategy/distribute',
    {
      config: supervisors,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Hand every bot room to the agents by the routing strategy',
        response: { 200: z.object({ distributed: z.number(), assigned: z.number() }), ...errors },
      },
    },
    async (request) => distributeBotRooms(deps, request.ctx.actor!),
  );
  app.get(
    '/api/cs/chatRoom/info',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Counts of queued, open and bot rooms the caller sees',
        response: { 200: z.object({ queued: z.number(), open: z.number(), bot: z.number() }) },
      },
    },
    async (request) => getRoomInfo(db, request.ctx.actor!),
  );
  app.get(
    '/api/cs/chatRoom/detail',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'One room',
        querystring: z.object({ id: z.string() }),
        response: { 200: ChatRoomSchema, ...errors },
      },
    },
    async (request) => getRoomDetail(db, request.ctx.actor!, request.query.id),
  );
  for (const prefix of ['/api/cs/chatRoom', '/api/cs/chatRoom/bot']) {
    app.post(
      `${prefix}/transfer`,
      {
        config: cs,
        schema: {
          tags: CS_TAGS,
          security,
          summary: 'Transfer a room to an agent',
          body: z.object({ roomId: z.string(), toCsId: z.string() }),
          response: { 200: ChatRoomSchema, ...errors },
        },
      },
      async (request) => transferRoom(deps, request.ctx.actor!, request.body),
    );
    app.post(
      `${prefix}/transfer/by-tag`,
      {
        config: cs,
        schema: {
          tags: CS_TAGS,
          security,
          summary: 'Send a room to the agents with a tag',
          body: z.object({ roomId: z.string(), toTag: z.string().min(1).max(100) }),
          response: { 200: ChatRoomSchema, ...errors },
        },
      },
      async (request) => transferRoomToTag(deps, request.ctx.actor!, request.body),
    );
  }
  app.post(
    '/api/cs/chatRoom/priority',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Set a room’s priority (sent as a string)',
        body: z.object({ id: z.string(), priority: z.string().max(50) }),
        response: { 200: ChatRoomSchema, ...errors },
      },
    },
    async (request) => setRoomPriority(deps, request.ctx.actor!, request.body),
  );
  app.post(
    '/api/cs/chatRoom/category',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Set a room’s category',
        querystring: z.object({
          id: z.string(),
          categoryId: z.string().optional(),
          categoryName: z.string().max(200).optional(),
        }),
        response: { 200: ChatRoomSchema, ...errors },
      },
    },
    async (request) => setRoomCategory(deps, request.ctx.actor!, request.query),
  );
  app.get(
    '/api/cs/chatRoom/history',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Closed rooms with filters (chat role CS: own rooms only)',
        querystring: HistoryQuerySchema,
        response: { 200: HistoryPageSchema, ...errors },
      },
    },
    async (request) => listHistory(db, request.ctx.actor!, historyQuery(request.query)),
  );
  app.post(
    '/api/cs/chatRoom/history',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Closed rooms of one customer',
        body: z.object({
          customerPhoneNumber: z.string().min(1),
          pageSize: z.number().int().min(1).max(200).optional(),
          pageNumber: z.number().int().min(0).optional(),
        }),
        response: { 200: HistoryPageSchema, ...errors },
      },
    },
    async (request) => listHistoryOfCustomer(db, request.ctx.actor!, request.body),
  );
  app.get(
    '/api/cs/chatRoom/history/export',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Closed rooms with the history filters as CSV',
        querystring: HistoryQuerySchema,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'chat-history.csv',
        await exportHistoryCsv(db, request.ctx.actor!, historyQuery(request.query)),
      ),
  );
  app.get(
    '/api/cs/chatRoom/exportToCsv',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'One room’s conversation as CSV',
        querystring: z.object({ id: z.string() }),
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'chat-room.csv', await exportRoomCsv(db, request.ctx.actor!, request.query.id)),
  );
  app.post(
    '/api/cs/chatRoomInternal',
    {
      config: cs,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Open an internal room about a customer, for agents only',
        body: z.object({
          customerPhoneNumber: z.string().min(1).max(30),
          name: z.string().max(200).optional(),
          toCsId: z.string().optional(),
        }),
        response: { 201: ChatRoomSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createInternalRoom(deps, request.ctx.actor!, request.body)),
  );
};
