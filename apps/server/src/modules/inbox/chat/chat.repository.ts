import { NOTE_MESSAGE_TYPE, ROOM_EVENT_MESSAGE_TYPE } from '@sapa/contracts';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { preparedOn, rowShape } from '../../../platform/prepared-query.js';
import { cteColumns } from '../../../platform/sql-cte.js';
import { noteRoomWrite } from '../rooms/room-list-cache.js';
import { lastMessageColumns, roomOpenToAgent } from '../rooms/rooms.repository.js';
import { csRooms } from '../rooms/rooms.tables.js';
import { type CsMessageRow, csMessages } from './chat.tables.js';

/** Stores a provider's message once: a repeated delivery answers null and changes nothing. */
export async function insertMessageOnce(db: Executor, row: typeof csMessages.$inferInsert) {
  // Prepared per shape of row (decision 0059): a new conversation's first message.
  const shape = rowShape(row);
  const name = `inbox_message_once_${shape.key}`;
  const query = preparedOn(db, name, (executor) =>
    executor
      .insert(csMessages)
      .values(shape.placeholders as never)
      .onConflictDoNothing()
      .returning()
      .prepare(name),
  );
  const [inserted] = await query.execute(row);
  return inserted ?? null;
}

/**
 * Stores a customer's message once and, only when it is new, records it on its room (preview, time,
 * unread count), in one statement. A repeated delivery answers null and changes nothing. Prepared per
 * shape of row (decision 0059): it runs for every message of a live conversation.
 */
export async function insertCustomerMessageOnce(
  db: Executor,
  row: typeof csMessages.$inferInsert,
  latest: { preview: string; at: Date },
) {
  const shape = rowShape(row);
  const name = `inbox_customer_message_${shape.key}`;
  const query = preparedOn(db, name, (executor) => {
    const stored = executor.$with('stored').as(
      executor
        .insert(csMessages)
        .values(shape.placeholders as never)
        .onConflictDoNothing()
        .returning(),
    );
    const room = executor.$with('room').as(
      executor
        .update(csRooms)
        .set({
          lastMessageAt: sql.placeholder('latestAt'),
          lastMessagePreview: sql.placeholder('latestPreview'),
          lastMessageFromCs: false,
          unreadCount: sql`${csRooms.unreadCount} + 1`,
        } as never)
        .where(
          inClient(
            csRooms,
            sql.placeholder('clientId'),
            eq(csRooms.id, sql.placeholder('roomId')),
            sql`exists (select 1 from ${stored})`,
          ),
        )
        .returning(),
    );
    return executor
      .with(stored, room)
      .select({ message: cteColumns(stored, csMessages), room: cteColumns(room, csRooms) })
      .from(stored)
      .leftJoin(room, sql`true`)
      .prepare(name);
  });
  const columns = lastMessageColumns({ ...latest, fromCs: false });
  const [result] = await query.execute({
    ...row,
    latestAt: columns.lastMessageAt,
    latestPreview: columns.lastMessagePreview,
  });
  noteRoomWrite(row.clientId);
  return result ?? null;
}

export async function insertMessage(
  db: Executor,
  row: typeof csMessages.$inferInsert,
): Promise<CsMessageRow> {
  const [inserted] = await db.insert(csMessages).values(row).returning();
  return inserted!;
}

export async function findMessage(db: Executor, clientId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(csMessages)
    .where(inClient(csMessages, clientId, eq(csMessages.id, messageId)));
  return row ?? null;
}

export async function updateMessage(
  db: Executor,
  clientId: string,
  messageId: string,
  values: Partial<typeof csMessages.$inferInsert>,
) {
  const [row] = await db
    .update(csMessages)
    .set(values)
    .where(inClient(csMessages, clientId, eq(csMessages.id, messageId)))
    .returning();
  return row ?? null;
}

/**
 * What became of an agent's message once messaging tried it: from `pending` only, so a late or
 * repeated outcome changes nothing. Answers the row when it changed.
 */
export async function settlePendingMessage(
  db: Executor,
  clientId: string,
  messageId: string,
  values: Pick<
    Partial<typeof csMessages.$inferInsert>,
    'status' | 'providerMessageId' | 'errorCode' | 'errorTitle'
  >,
) {
  const [row] = await db
    .update(csMessages)
    .set(values)
    .where(inClient(csMessages, clientId, eq(csMessages.id, messageId), eq(csMessages.status, 'pending')))
    .returning();
  return row ?? null;
}

export async function updateMessageByProviderId(
  db: Executor,
  clientId: string,
  channel: string,
  providerMessageId: string,
  values: Partial<typeof csMessages.$inferInsert>,
) {
  const [row] = await db
    .update(csMessages)
    .set(values)
    .where(
      inClient(
        csMessages,
        clientId,
        eq(csMessages.channel, channel),
        eq(csMessages.providerMessageId, providerMessageId),
      ),
    )
    .returning();
  return row ?? null;
}

const RANK = sql`case ${csMessages.status} when 'read' then 3 when 'delivered' then 2 when 'failed' then 1 when 'sent' then 1 else 0 end`;
const NEW_RANK: Record<string, number> = { sent: 1, failed: 1, delivered: 2, read: 3 };

/**
 * Moves a message's ticks forward only (sent < delivered < read). `failed` replaces `sent` and keeps
 * its error; a later delivered or read still moves it on. Answers the row when it changed.
 */
export async function advanceMessageStatus(
  db: Executor,
  clientId: string,
  channel: string,
  providerMessageId: string,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  error: { code: string; title: string } | null,
) {
  const rank = NEW_RANK[status]!;
  const [row] = await db
    .update(csMessages)
    .set({
      status,
      ...(status === 'failed' ? { errorCode: error?.code ?? null, errorTitle: error?.title ?? null } : {}),
    })
    .where(
      inClient(
        csMessages,
        clientId,
        eq(csMessages.channel, channel),
        eq(csMessages.providerMessageId, providerMessageId),
        status === 'failed'
          ? sql`${RANK} <= 1 and ${csMessages.status} is distinct from 'failed'`
          : sql`${RANK} < ${rank}`,
      ),
    )
    .returning();
  return row ?? null;
}

export type MessageCursor = { createdAt: Date; id: string };

/** Messages of a room, newest first, keyset after the cursor. */
export async function listMessageRows(
  db: Executor,
  clientId: string,
  roomId: string,
  options: { pageSize: number; cursor: MessageCursor | null; internal?: boolean | undefined },
) {
  return db
    .select()
    .from(csMessages)
    .where(
      inClient(
        csMessages,
        clientId,
        eq(csMessages.roomId, roomId),
        options.internal === undefined
          ? undefined
          : options.internal
            ? eq(csMessages.isInternal, true)
            : // The conversation shows private notes and room events among the messages, where they happened.
              sql`(${csMessages.isInternal} = false or ${csMessages.type} in (${NOTE_MESSAGE_TYPE}, ${ROOM_EVENT_MESSAGE_TYPE}))`,
        options.cursor
          ? sql`(${csMessages.createdAt}, ${csMessages.id}) < (${options.cursor.createdAt}, ${options.cursor.id})`
          : undefined,
      ),
    )
    .orderBy(desc(csMessages.createdAt), desc(csMessages.id))
    .limit(options.pageSize + 1);
}

/** Every message of a room, oldest first (exports). */
export async function listAllMessages(db: Executor, clientId: string, roomId: string) {
  return db
    .select()
    .from(csMessages)
    .where(inClient(csMessages, clientId, eq(csMessages.roomId, roomId)))
    .orderBy(csMessages.createdAt, csMessages.id);
}

export async function findLastMessage(db: Executor, clientId: string, roomId: string, fromCs: boolean) {
  const [row] = await db
    .select()
    .from(csMessages)
    .where(
      inClient(
        csMessages,
        clientId,
        eq(csMessages.roomId, roomId),
        eq(csMessages.fromCs, fromCs),
        eq(csMessages.isInternal, false),
      ),
    )
    .orderBy(desc(csMessages.createdAt), desc(csMessages.id))
    .limit(1);
  return row ?? null;
}

/** A customer's messages across their rooms, newest first. */
/** A customer's latest messages across rooms; with `agentCsId`, only from the rooms that agent may open. */
export async function listMessagesOfCustomer(
  db: Executor,
  clientId: string,
  phone: string,
  limit: number,
  agentCsId: string | null,
) {
  return db
    .select({ message: csMessages })
    .from(csMessages)
    .innerJoin(csRooms, inClient(csRooms, csMessages.clientId, eq(csRooms.id, csMessages.roomId)))
    .where(
      inClient(
        csMessages,
        clientId,
        eq(csRooms.customerPhoneNumber, phone),
        eq(csMessages.isInternal, false),
        agentCsId ? roomOpenToAgent(agentCsId) : undefined,
      ),
    )
    .orderBy(desc(csMessages.createdAt))
    .limit(limit);
}

export async function markCustomerMessagesRead(db: Executor, clientId: string, roomId: string) {
  const rows = await db
    .update(csMessages)
    .set({ readAt: sql`now()` })
    .where(
      inClient(
        csMessages,
        clientId,
        eq(csMessages.roomId, roomId),
        eq(csMessages.fromCs, false),
        isNull(csMessages.readAt),
      ),
    )
    .returning({ id: csMessages.id, providerMessageId: csMessages.providerMessageId });
  return rows;
}

/** Moves every message of one room into another (merge on close). */
export async function moveMessages(db: Executor, clientId: string, fromRoomId: string, toRoomId: string) {
  await db
    .update(csMessages)
    .set({ roomId: toRoomId })
    .where(inClient(csMessages, clientId, eq(csMessages.roomId, fromRoomId)));
}

/** Messages by room id and position, for the checkpoint query. */
export async function listMessagesAfter(
  db: Executor,
  clientId: string,
  message: CsMessageRow,
  limit: number,
) {
  return db
    .select()
    .from(csMessages)
    .where(
      inClient(
        csMessages,
        clientId,
        eq(csMessages.roomId, message.roomId),
        eq(csMessages.isInternal, message.isInternal),
        or(
          sql`${csMessages.createdAt} > ${message.createdAt}`,
          and(eq(csMessages.createdAt, message.createdAt), sql`${csMessages.id} >= ${message.id}`),
        ),
      ),
    )
    .orderBy(csMessages.createdAt, csMessages.id)
    .limit(limit);
}
