import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import { queryFlag } from '../operations/query-fields.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';
import { ChatMessageSchema, keysetPageOf } from './inbox.schemas.js';

const errors = [400, 403, 404, 409, 422, 503] as const;

/** WhatsApp takes images up to 5 MB; a bigger upload could never be delivered. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const MessageListQuerySchema = z.object({
  id: z.string(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
  lastEvaluatedKey: z.string().optional(),
  isBotInbox: queryFlag,
  csId: z.string().optional(),
});

/** A customer's 24-hour window in a room: free text while open, after that only templates. */
export const CustomerWindowSchema = z.object({
  roomId: z.string(),
  open: z.boolean(),
  closesAt: z.string().nullable(),
  internal: z.boolean(),
});

/** Messages of a room: reading, sending text, images and templates, media and read marks. */
export const chatOperations = {
  listMessages: defineOperation({
    method: 'GET',
    path: '/api/cs/chat',
    access: inboxAccess.inbox,
    tags,
    summary: 'A room’s messages, newest first, paged by lastEvaluatedKey',
    query: MessageListQuerySchema,
    response: keysetPageOf(ChatMessageSchema),
    errors,
  }),
  listInternalMessages: defineOperation({
    method: 'GET',
    path: '/api/cs/chat/internal',
    access: inboxAccess.inbox,
    tags,
    summary: 'Agents’ internal messages of a room',
    query: MessageListQuerySchema,
    response: keysetPageOf(ChatMessageSchema),
    errors,
  }),
  getMessage: defineOperation({
    method: 'GET',
    path: '/api/cs/chat/id',
    access: inboxAccess.inbox,
    tags,
    summary: 'One message',
    query: z.object({ messageId: z.string() }),
    response: ChatMessageSchema,
    errors,
  }),
  getCheckPoint: defineOperation({
    method: 'GET',
    path: '/api/cs/chat/checkPoint',
    access: inboxAccess.inbox,
    tags,
    summary: 'Messages from one message on (jump to it)',
    query: z.object({ messageId: z.string(), isInternalChat: queryFlag }),
    response: z.object({ roomId: z.string(), items: z.array(ChatMessageSchema) }),
    errors,
  }),
  sendMessage: defineOperation({
    method: 'POST',
    path: '/api/cs/chat',
    access: inboxAccess.inbox,
    tags,
    summary:
      'Send a text or image to the customer (inside the 24-hour window), or an internal note in an internal room',
    body: z
      .object({
        roomId: z.string(),
        content: z.string().max(4096).optional(),
        type: z.enum(['text', 'image']).default('text'),
        url: z.string().max(2000).optional(),
        fromCs: z.boolean().optional(),
      })
      .refine((body) => (body.type === 'text' ? Boolean(body.content?.trim()) : Boolean(body.url)), {
        message: 'A text needs content; an image needs url',
      }),
    response: ChatMessageSchema,
    status: 201,
    errors,
  }),
  /**
   * A private note (issue 13): stored with the conversation for agents and supervisors only, never sent
   * through any channel; `mentions` (csIds) are told live. A supervisor's note on an agent's room is a
   * whisper to that agent.
   */
  sendNote: defineOperation({
    method: 'POST',
    path: '/api/cs/chat/note',
    access: inboxAccess.inbox,
    tags,
    summary: 'Write a private note in a room (agents and supervisors only; never sent to the customer)',
    body: z.object({
      roomId: z.string(),
      content: z.string().trim().min(1).max(4096),
      mentions: z.array(z.string()).max(20).optional(),
    }),
    response: ChatMessageSchema,
    status: 201,
    errors,
  }),
  /** The caller is typing in a room: the others watching it see it (throttled by the sender). */
  sendTyping: defineOperation({
    method: 'POST',
    path: '/api/cs/chat/typing',
    access: inboxAccess.inbox,
    tags,
    summary: 'Tell the other agents and supervisors watching a room that I am typing',
    body: z.object({ roomId: z.string(), mode: z.enum(['reply', 'note']).default('reply') }),
    response: z.object({ roomId: z.string() }),
    errors,
  }),
  sendImage: defineOperation({
    method: 'POST',
    path: '/api/cs/chat/image',
    access: inboxAccess.inbox,
    tags,
    summary:
      'Upload an image (multipart: fields roomId and optional caption, then one file; JPEG, PNG or WebP up to 5 MB) and send it to the customer like a text',
    upload: {
      field: 'file',
      maxBytes: CHAT_IMAGE_MAX_BYTES,
      fields: z.object({
        roomId: z.string({ error: 'roomId is required (send it before the file)' }),
        caption: z.string().max(1024).optional(),
      }),
    },
    response: ChatMessageSchema,
    status: 201,
    errors: [...errors, 413],
  }),
  getWindow: defineOperation({
    method: 'GET',
    path: '/api/cs/chat/window',
    access: inboxAccess.inbox,
    tags,
    summary:
      'The customer’s 24-hour window of a room: free text is allowed while open, until closesAt; after that only templates',
    query: z.object({ roomId: z.string() }),
    response: CustomerWindowSchema,
    errors,
  }),
  sendTemplate: defineOperation({
    method: 'POST',
    path: '/api/cs/chat/template',
    access: inboxAccess.inbox,
    tags,
    summary:
      'Send an active chat template as an approved WhatsApp template (its name and language); allowed after the 24-hour window closed',
    body: z.object({
      roomId: z.string(),
      templateId: z.string(),
      language: z
        .string()
        .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'A WhatsApp language code such as id or en_US')
        .default('id'),
      parameters: z.array(z.string().max(1024)).max(20).default([]),
    }),
    response: ChatMessageSchema,
    status: 201,
    errors,
  }),
  getMedia: defineOperation({
    method: 'GET',
    path: '/api/cs/image',
    access: inboxAccess.inbox,
    tags,
    summary: 'A message’s media: redirects to our stored copy once the channel has stored it',
    query: z.object({
      media: z.string().describe('The messageId'),
      mime: z.string().optional(),
      type: z.string().optional(),
      s: z.string().optional(),
      mediaPlatform: z.string().optional(),
    }),
    answer: { kind: 'redirect' },
    errors: [404],
  }),
  markRead: defineOperation({
    method: 'PUT',
    path: '/api/cs/chat/markRead',
    access: inboxAccess.inbox,
    tags,
    summary: 'Mark a room’s customer messages read',
    body: z.object({ roomId: z.string() }),
    response: z.object({ roomId: z.string(), read: z.number() }),
    errors,
  }),
  getLastMessage: defineOperation({
    method: 'GET',
    path: '/api/cs/chat/last/customer',
    access: inboxAccess.inbox,
    tags,
    summary: 'The last message of a room from the customer (or from CS with fromCs=true)',
    query: z.object({ roomId: z.string(), fromCs: queryFlag }),
    response: z.object({ message: ChatMessageSchema.nullable() }),
    errors,
  }),
  /**
   * A customer's messages: under the customers' path (spec §7) but chat contents, so the inbox answers it
   * under the rules of /api/cs/chat (issue 11, defect 3).
   */
  listMessagesOfContact: defineOperation({
    method: 'GET',
    path: '/api/cs/customers/data/message',
    access: inboxAccess.inbox,
    tags,
    summary: 'A customer’s latest messages across rooms',
    query: z.object({ contactNumber: z.string().min(1) }),
    response: z.object({ items: z.array(ChatMessageSchema) }),
    errors: [400, 403, 404, 409],
  }),
};
