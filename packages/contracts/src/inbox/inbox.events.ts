import { z } from 'zod';
import { AgentStatusSchema } from './agent-status.js';
import { ChatGroupDetailSchema } from './groups.operations.js';
import { ChatMessageSchema, ChatRoomSchema } from './inbox.schemas.js';
import { TicketSchema } from './tickets.operations.js';

/**
 * The inbox's socket events (spec §3: typeNotif, messageId, data, chat, chatroom), one schema per
 * `typeNotif` with each field as the server sends it. The server's publish accepts only these; the web
 * reads them with the same schemas.
 */
const RoomRef = { roomId: z.string() };

/** An event's fields; absent ones are sent as null. */
const event = <
  T extends string,
  M extends z.ZodType = z.ZodNull,
  D extends z.ZodType = z.ZodNull,
  C extends z.ZodType = z.ZodNull,
  R extends z.ZodType = z.ZodNull,
>(
  typeNotif: T,
  fields: { messageId?: M; data?: D; chat?: C; chatroom?: R },
) =>
  z.object({
    typeNotif: z.literal(typeNotif),
    messageId: (fields.messageId ?? z.null()) as M,
    data: (fields.data ?? z.null()) as D,
    chat: (fields.chat ?? z.null()) as C,
    chatroom: (fields.chatroom ?? z.null()) as R,
  });

/** Each event by its `typeNotif`. */
export const INBOX_EVENT_SCHEMAS = {
  /** A room was opened (a first inbound message, or an internal room). */
  NEW_ROOM: event('NEW_ROOM', { chatroom: ChatRoomSchema }),
  /** A message arrived or was sent, with its room as it now is. */
  NEW_MESSAGE: event('NEW_MESSAGE', {
    messageId: z.string(),
    data: z.object(RoomRef),
    chat: ChatMessageSchema,
    chatroom: ChatRoomSchema,
  }),
  /** A stored message's delivery status moved on. */
  MESSAGE_STATUS: event('MESSAGE_STATUS', {
    messageId: z.string(),
    data: z.object({
      ...RoomRef,
      status: z.string().nullable(),
      error: z.object({ code: z.string(), title: z.string().nullable() }).nullable(),
    }),
    chat: ChatMessageSchema,
  }),
  /** A stored message's media was fetched and stored. */
  MESSAGE_MEDIA: event('MESSAGE_MEDIA', {
    messageId: z.string(),
    data: z.object({ ...RoomRef, url: z.string().nullable() }),
    chat: ChatMessageSchema,
  }),
  /** The customer reacted to a stored message. */
  MESSAGE_REACTION: event('MESSAGE_REACTION', {
    messageId: z.string(),
    data: z.object({ ...RoomRef, reaction: z.string().nullable() }),
    chat: ChatMessageSchema,
  }),
  ROOM_ASSIGNED: event('ROOM_ASSIGNED', {
    data: z.object({ ...RoomRef, csId: z.string().nullable(), reason: z.string() }),
    chatroom: ChatRoomSchema,
  }),
  /** To an agent (`toCsId`) or to a tag (`toTag`, then routed: `toCsId` is whom it reached, if anyone). */
  ROOM_TRANSFERRED: event('ROOM_TRANSFERRED', {
    data: z.object({
      ...RoomRef,
      fromCsId: z.string().nullable(),
      toTag: z.string().optional(),
      toCsId: z.string().nullable(),
      by: z.string(),
    }),
    chatroom: ChatRoomSchema,
  }),
  /** Closed by a person (their email), automatically, or merged into another room. */
  ROOM_CLOSED: event('ROOM_CLOSED', {
    data: z.object({ ...RoomRef, closedBy: z.string(), mergedInto: z.string().nullable().optional() }),
    chatroom: ChatRoomSchema,
  }),
  /** A room's priority or category changed (only the changed fields are in `data`). */
  ROOM_UPDATED: event('ROOM_UPDATED', {
    data: z.object({
      ...RoomRef,
      priority: z.string().nullable().optional(),
      categoryId: z.string().nullable().optional(),
      categoryName: z.string().nullable().optional(),
    }),
    chatroom: ChatRoomSchema,
  }),
  /** An agent read a room's customer messages. */
  ROOM_READ: event('ROOM_READ', { data: z.object({ ...RoomRef, read: z.number() }) }),
  /** A colleague mentioned the recipient in a private note. */
  NOTE_MENTION: event('NOTE_MENTION', {
    messageId: z.string(),
    data: z.object({ ...RoomRef, shortId: z.number(), by: z.string(), byCsId: z.string().nullable() }),
    chat: ChatMessageSchema,
  }),
  /** Someone watching a room is typing (a reply or a note); shown for a few seconds unless repeated. */
  TYPING: event('TYPING', {
    data: z.object({
      ...RoomRef,
      userId: z.string(),
      name: z.string(),
      mode: z.enum(['reply', 'note']),
    }),
  }),
  /** A chat group, its participants or its WhatsApp sync state changed; heard by the client's super admins. */
  GROUP_UPDATED: event('GROUP_UPDATED', {
    data: z.object({ groupId: z.string(), group: ChatGroupDetailSchema }),
  }),
  /** A message was written in a chat group or sent to it; heard by the client's super admins. */
  GROUP_MESSAGE: event('GROUP_MESSAGE', {
    messageId: z.string(),
    data: z.object({ groupId: z.string() }),
    chat: ChatMessageSchema,
  }),
  /** A ticket was opened or changed; heard by its assignee, the supervisors and the super admins. */
  TICKET_UPDATED: event('TICKET_UPDATED', {
    data: z.object({ ticketId: z.string(), roomId: z.string(), ticket: TicketSchema }),
  }),
  /** An agent's availability changed; heard by the whole client. */
  AGENT_STATUS: event('AGENT_STATUS', {
    data: z.object({ csId: z.string(), email: z.string(), status: AgentStatusSchema }),
  }),
};

export type InboxEventType = keyof typeof INBOX_EVENT_SCHEMAS;
export const INBOX_EVENT_TYPES = Object.keys(INBOX_EVENT_SCHEMAS) as InboxEventType[];

export const InboxEventSchema = z.discriminatedUnion('typeNotif', [
  INBOX_EVENT_SCHEMAS.NEW_ROOM,
  INBOX_EVENT_SCHEMAS.NEW_MESSAGE,
  INBOX_EVENT_SCHEMAS.MESSAGE_STATUS,
  INBOX_EVENT_SCHEMAS.MESSAGE_MEDIA,
  INBOX_EVENT_SCHEMAS.MESSAGE_REACTION,
  INBOX_EVENT_SCHEMAS.ROOM_ASSIGNED,
  INBOX_EVENT_SCHEMAS.ROOM_TRANSFERRED,
  INBOX_EVENT_SCHEMAS.ROOM_CLOSED,
  INBOX_EVENT_SCHEMAS.ROOM_UPDATED,
  INBOX_EVENT_SCHEMAS.ROOM_READ,
  INBOX_EVENT_SCHEMAS.AGENT_STATUS,
  INBOX_EVENT_SCHEMAS.NOTE_MENTION,
  INBOX_EVENT_SCHEMAS.TYPING,
  INBOX_EVENT_SCHEMAS.GROUP_UPDATED,
  INBOX_EVENT_SCHEMAS.GROUP_MESSAGE,
  INBOX_EVENT_SCHEMAS.TICKET_UPDATED,
]);
/** One inbox event exactly as the server sends it. */
export type InboxEvent = z.infer<typeof InboxEventSchema>;
export type InboxEventOf<T extends InboxEventType> = Extract<InboxEvent, { typeNotif: T }>;

export function isInboxEventType(value: string): value is InboxEventType {
  return Object.hasOwn(INBOX_EVENT_SCHEMAS, value);
}

/** An inbox event as a reader gets it: each field checked on its own, null when it does not fit. */
export type InboxEventReading = {
  [T in InboxEventType]: {
    typeNotif: T;
    messageId: InboxEventOf<T>['messageId'] | null;
    data: InboxEventOf<T>['data'] | null;
    chat: InboxEventOf<T>['chat'] | null;
    chatroom: InboxEventOf<T>['chatroom'] | null;
  };
}[InboxEventType];

/**
 * Reads a socket event of the inbox with its own schemas, field by field: a field that does not fit
 * is null rather than costing the whole event (a room still updates when its `data` is older than
 * this build). Null for an event that is not the inbox's.
 */
export function readInboxEvent(frame: {
  typeNotif: string;
  messageId?: unknown;
  data?: unknown;
  chat?: unknown;
  chatroom?: unknown;
}): InboxEventReading | null {
  if (!isInboxEventType(frame.typeNotif)) return null;
  // Every event has the same five fields; which schema each has is the event's own.
  const { shape } = INBOX_EVENT_SCHEMAS[frame.typeNotif] as z.ZodObject<
    Record<'messageId' | 'data' | 'chat' | 'chatroom', z.ZodType>
  >;
  const field = <S extends z.ZodType>(schema: S, value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };
  return {
    typeNotif: frame.typeNotif,
    messageId: field(shape.messageId, frame.messageId),
    data: field(shape.data, frame.data),
    chat: field(shape.chat, frame.chat),
    chatroom: field(shape.chatroom, frame.chatroom),
  } as InboxEventReading;
}
