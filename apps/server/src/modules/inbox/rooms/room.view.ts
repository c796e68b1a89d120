import type { CsRoomRow } from './rooms.tables.js';

/** A chat room as the API and the socket show it (spec §3 fields). */
export function toRoom(row: CsRoomRow) {
  return {
    id: row.id,
    roomId: row.id,
    shortId: row.shortId,
    clientId: row.clientId,
    customerPhoneNumber: row.customerPhoneNumber,
    phoneNumber: row.customerPhoneNumber,
    name: row.customerName,
    csId: row.csId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    assignedAt: row.assignedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedBy,
    priority: row.priority,
    category: row.categoryId || row.categoryName ? { id: row.categoryId, name: row.categoryName } : null,
    tags: row.tags,
    remarks: row.remarks,
    mediaPlatform: row.mediaPlatform,
    channel: row.channel,
    campaign: row.campaign,
    isBot: row.isBot,
    isInternal: row.isInternal,
    mergedInto: row.mergedInto,
    assignmentReason: row.assignmentReason,
    lastMessage: row.lastMessageAt
      ? {
          content: row.lastMessagePreview,
          at: row.lastMessageAt.toISOString(),
          fromCs: row.lastMessageFromCs,
        }
      : null,
    unreadCount: row.unreadCount,
    csat: row.csatRequestedAt
      ? {
          requestedAt: row.csatRequestedAt.toISOString(),
          score: row.csatScore,
          at: row.csatAt?.toISOString() ?? null,
        }
      : null,
  };
}
export type Room = ReturnType<typeof toRoom>;

/** A page of the room list as the API answers it. */
export type RoomListPage = { items: Room[]; lastEvaluatedKey: string | null };
