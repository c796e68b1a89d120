import type { ChatMessage, ChatRoom } from '@sapa/contracts';

/** A chat room of the contracts' shape (an open room of agent cs-1); override what a test cares about. */
export function buildRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  const id = overrides.id ?? 'room-1';
  return {
    id,
    roomId: id,
    shortId: 1,
    clientId: 'client-1',
    customerPhoneNumber: '6281200000001',
    phoneNumber: '6281200000001',
    name: 'Rina Kartika',
    csId: 'cs-1',
    status: 'open',
    createdAt: '2026-11-23T08:00:00.000Z',
    assignedAt: '2026-11-23T08:00:05.000Z',
    closedAt: null,
    closedBy: null,
    priority: null,
    category: null,
    tags: [],
    remarks: null,
    mediaPlatform: 'whatsapp',
    channel: 'whatsapp',
    campaign: null,
    isBot: false,
    isInternal: false,
    mergedInto: null,
    assignmentReason: null,
    lastMessage: null,
    unreadCount: 0,
    ...overrides,
  };
}

export function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  const id = overrides.id ?? 'message-1';
  return {
    messageId: id,
    id,
    roomId: 'room-1',
    type: 'text',
    content: 'Halo',
    url: null,
    mimeType: null,
    fromCs: false,
    csId: null,
    isInternal: false,
    status: null,
    error: null,
    providerMessageId: null,
    replyToProviderMessageId: null,
    reaction: null,
    readAt: null,
    createdAt: '2026-11-23T08:00:00.000Z',
    ...overrides,
  };
}

/** A socket frame of the inbox, as the server sends it. */
export function inboxFrame(
  seq: number,
  typeNotif: string,
  payload: { chat?: ChatMessage | null; chatroom?: ChatRoom | null; data?: unknown } = {},
) {
  return {
    type: 'event',
    seq,
    typeNotif,
    messageId: payload.chat?.id ?? null,
    data: payload.data ?? null,
    chat: payload.chat ?? null,
    chatroom: payload.chatroom ?? null,
  };
}
