import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import { queryFlag } from '../operations/query-fields.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';
import { ChatRoomSchema, keysetPageOf } from './inbox.schemas.js';

const errors = [400, 403, 404, 409] as const;
const direction = z.enum(['asc', 'desc']).optional();

/** The filters and keyset cursor of the room lists (the inbox and the bot queue). */
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

/** The filters of the closed-room history (the list, its CSV and the history export). */
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

/** A page of closed rooms with their total. */
export const HistoryPageSchema = keysetPageOf(ChatRoomSchema).extend({ total: z.number() });

const RoomPageSchema = keysetPageOf(ChatRoomSchema);
const ClosedSchema = z.object({ closed: z.number() });
const TransferSchema = z.object({ roomId: z.string(), toCsId: z.string() });
const TransferToTagSchema = z.object({ roomId: z.string(), toTag: z.string().min(1).max(100) });
const csvFile = { kind: 'file', contentType: 'text/csv' } as const;

/** Chat rooms: the inbox, the bot queue, closing, transfers and the closed-room history. */
export const roomsOperations = {
  listRooms: defineOperation({
    method: 'GET',
    path: '/api/cs/chatRoom',
    access: inboxAccess.inbox,
    tags,
    summary: 'Rooms: mine and the queue for agents, all (or by tags) for supervisors',
    query: RoomListQuerySchema,
    response: RoomPageSchema,
    errors,
  }),
  listBotRooms: defineOperation({
    method: 'GET',
    path: '/api/cs/chatRoom/bot',
    access: inboxAccess.inbox,
    tags,
    summary: 'Bot rooms',
    query: RoomListQuerySchema,
    response: RoomPageSchema,
    errors,
  }),
  closeRoom: defineOperation({
    method: 'DELETE',
    path: '/api/cs/chatRoom',
    access: inboxAccess.inbox,
    tags,
    summary:
      'Close a room with remarks; forceClose (supervisors) closes another agent’s; isMarge merges it into the customer’s previous room',
    body: z.object({
      roomId: z.string(),
      remarks: z.string().max(2000).optional(),
      csCampaign: z.string().max(200).optional(),
    }),
    query: z.object({ forceClose: queryFlag, isMarge: queryFlag }),
    response: ChatRoomSchema,
    errors,
  }),
  closeBotRoom: defineOperation({
    method: 'PUT',
    path: '/api/cs/chatRoom/bot',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Close one bot room',
    body: z.object({ roomId: z.string(), remarks: z.string().max(2000).optional() }),
    response: ClosedSchema,
    errors,
  }),
  closeAllBotRooms: defineOperation({
    method: 'DELETE',
    path: '/api/cs/chatRoom/bot',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Close every bot room',
    response: ClosedSchema,
    errors,
  }),
  distributeBotRooms: defineOperation({
    method: 'PUT',
    path: '/api/cs/strategy/distribute',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Hand every bot room to the agents by the routing strategy',
    response: z.object({ distributed: z.number(), assigned: z.number() }),
    errors,
  }),
  getRoomInfo: defineOperation({
    method: 'GET',
    path: '/api/cs/chatRoom/info',
    access: inboxAccess.inbox,
    tags,
    summary: 'Counts of queued, open and bot rooms the caller sees',
    response: z.object({ queued: z.number(), open: z.number(), bot: z.number() }),
  }),
  getRoomDetail: defineOperation({
    method: 'GET',
    path: '/api/cs/chatRoom/detail',
    access: inboxAccess.inbox,
    tags,
    summary: 'One room',
    query: z.object({ id: z.string() }),
    response: ChatRoomSchema,
    errors,
  }),
  transferRoom: defineOperation({
    method: 'POST',
    path: '/api/cs/chatRoom/transfer',
    access: inboxAccess.inbox,
    tags,
    summary: 'Transfer a room to an agent',
    body: TransferSchema,
    response: ChatRoomSchema,
    errors,
  }),
  transferRoomToTag: defineOperation({
    method: 'POST',
    path: '/api/cs/chatRoom/transfer/by-tag',
    access: inboxAccess.inbox,
    tags,
    summary: 'Send a room to the agents with a tag',
    body: TransferToTagSchema,
    response: ChatRoomSchema,
    errors,
  }),
  transferBotRoom: defineOperation({
    method: 'POST',
    path: '/api/cs/chatRoom/bot/transfer',
    access: inboxAccess.inbox,
    tags,
    summary: 'Transfer a room to an agent',
    body: TransferSchema,
    response: ChatRoomSchema,
    errors,
  }),
  transferBotRoomToTag: defineOperation({
    method: 'POST',
    path: '/api/cs/chatRoom/bot/transfer/by-tag',
    access: inboxAccess.inbox,
    tags,
    summary: 'Send a room to the agents with a tag',
    body: TransferToTagSchema,
    response: ChatRoomSchema,
    errors,
  }),
  setRoomPriority: defineOperation({
    method: 'POST',
    path: '/api/cs/chatRoom/priority',
    access: inboxAccess.inbox,
    tags,
    summary: 'Set a room’s priority (sent as a string)',
    body: z.object({ id: z.string(), priority: z.string().max(50) }),
    response: ChatRoomSchema,
    errors,
  }),
  setRoomCategory: defineOperation({
    method: 'POST',
    path: '/api/cs/chatRoom/category',
    access: inboxAccess.inbox,
    tags,
    summary: 'Set a room’s category',
    query: z.object({
      id: z.string(),
      categoryId: z.string().optional(),
      categoryName: z.string().max(200).optional(),
    }),
    response: ChatRoomSchema,
    errors,
  }),
  listHistory: defineOperation({
    method: 'GET',
    path: '/api/cs/chatRoom/history',
    access: inboxAccess.inbox,
    tags,
    summary: 'Closed rooms with filters (chat role CS: own rooms only)',
    query: HistoryQuerySchema,
    response: HistoryPageSchema,
    errors,
  }),
  listHistoryOfCustomer: defineOperation({
    method: 'POST',
    path: '/api/cs/chatRoom/history',
    access: inboxAccess.inbox,
    tags,
    summary: 'Closed rooms of one customer',
    body: z.object({
      customerPhoneNumber: z.string().min(1),
      pageSize: z.number().int().min(1).max(200).optional(),
      pageNumber: z.number().int().min(0).optional(),
    }),
    response: HistoryPageSchema,
    errors,
  }),
  exportHistoryCsv: defineOperation({
    method: 'GET',
    path: '/api/cs/chatRoom/history/export',
    access: inboxAccess.inbox,
    tags,
    summary: 'Closed rooms with the history filters as CSV',
    query: HistoryQuerySchema,
    answer: csvFile,
  }),
  exportRoomCsv: defineOperation({
    method: 'GET',
    path: '/api/cs/chatRoom/exportToCsv',
    access: inboxAccess.inbox,
    tags,
    summary: 'One room’s conversation as CSV',
    query: z.object({ id: z.string() }),
    answer: csvFile,
  }),
  createInternalRoom: defineOperation({
    method: 'POST',
    path: '/api/cs/chatRoomInternal',
    access: inboxAccess.inbox,
    tags,
    summary: 'Open an internal room about a customer, for agents only',
    body: z.object({
      customerPhoneNumber: z.string().min(1).max(30),
      name: z.string().max(200).optional(),
      toCsId: z.string().optional(),
    }),
    response: ChatRoomSchema,
    status: 201,
    errors,
  }),
};
