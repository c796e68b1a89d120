import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';
import { ChatRoomSchema } from './inbox.schemas.js';

/** Internal chat between agents and supervisors (rooms flagged internal; decision 0037). */
export const internalChatOperations = {
  listInternalRooms: defineOperation({
    method: 'GET',
    path: '/api/cs/chatRoomInternal',
    access: inboxAccess.inbox,
    tags,
    summary:
      'The caller’s internal rooms that are not closed, latest activity first, with the caller’s own unread count',
    query: z.object({
      pageNumber: z.coerce.number().int().min(1).max(100_000).optional(),
      pageSize: z.coerce.number().int().min(1).max(100).optional(),
    }),
    response: z.object({ pageSize: z.number(), pageNumber: z.number(), items: z.array(ChatRoomSchema) }),
    errors: [400, 403] as const,
  }),
};
