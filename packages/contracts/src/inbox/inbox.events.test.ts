import { describe, expect, it } from 'vitest';
import { InboxEventSchema, readInboxEvent } from './inbox.events.js';

const room = {
  id: 'r1',
  roomId: 'r1',
  shortId: 1,
  clientId: 'c1',
  customerPhoneNumber: '628111',
  phoneNumber: '628111',
  name: null,
  csId: 'cs1',
  status: 'open',
  createdAt: '2026-11-25T00:00:00.000Z',
  assignedAt: null,
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
};

describe('inbox events', () => {
  it('declare each event by typeNotif with its own data', () => {
    const closed = {
      typeNotif: 'ROOM_CLOSED',
      messageId: null,
      data: { roomId: 'r1', closedBy: 'a@b.c' },
      chat: null,
      chatroom: room,
    };
    expect(InboxEventSchema.parse(closed)).toEqual(closed);
    // Another event's data under this typeNotif is refused.
    expect(InboxEventSchema.safeParse({ ...closed, data: { roomId: 'r1', read: 2 } }).success).toBe(false);
    expect(InboxEventSchema.safeParse({ ...closed, typeNotif: 'ROOM_GONE' }).success).toBe(false);
  });

  it('readInboxEvent keeps the fields that fit and nulls the one that does not', () => {
    const reading = readInboxEvent({ typeNotif: 'ROOM_TRANSFERRED', data: null, chatroom: room });
    expect(reading).toEqual({
      typeNotif: 'ROOM_TRANSFERRED',
      messageId: null,
      data: null,
      chat: null,
      chatroom: room,
    });
    expect(readInboxEvent({ typeNotif: 'ROOM_READ', data: { roomId: 'r1', read: 3 } })?.data).toEqual({
      roomId: 'r1',
      read: 3,
    });
  });

  it('readInboxEvent ignores events that are not the inbox’s', () => {
    expect(readInboxEvent({ typeNotif: 'chat', data: { text: 'x' } })).toBeNull();
  });
});
