import type { CsMessageRow } from './chat.tables.js';

export function toMessage(row: CsMessageRow) {
  return {
    messageId: row.id,
    id: row.id,
    roomId: row.roomId,
    type: row.type,
    content: row.content,
    url: row.url,
    mimeType: row.mimeType,
    fromCs: row.fromCs,
    csId: row.csId,
    isInternal: row.isInternal,
    authorName: row.authorName,
    status: row.status,
    error: row.errorCode ? { code: row.errorCode, title: row.errorTitle } : null,
    providerMessageId: row.providerMessageId,
    replyToProviderMessageId: row.replyToProviderMessageId,
    reaction: row.reaction,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
export type Message = ReturnType<typeof toMessage>;
