import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, max, sql } from 'drizzle-orm';
import { inClient } from '../../../../platform/client-scope.js';
import type { Executor } from '../../../../platform/database.js';
import { preparedOn, rowShape } from '../../../../platform/prepared-query.js';
import {
  whatsappChannels,
  whatsappMessages,
  whatsappPendingStatuses,
  whatsappWebhookEvents,
} from './whatsapp.tables.js';

export type ChannelRow = typeof whatsappChannels.$inferSelect;
export type MessageRow = typeof whatsappMessages.$inferSelect;
export type NewMessageRow = typeof whatsappMessages.$inferInsert;
export type PendingStatusRow = typeof whatsappPendingStatuses.$inferSelect;

/** Webhooks name a phone number id, not a client: this lookup is how the client is found. */
export async function unsafeFindChannelsByPhoneNumberIds(executor: Executor, phoneNumberIds: string[]) {
  if (phoneNumberIds.length === 0) return [];
  return executor
    .select()
    .from(whatsappChannels)
    .where(inArray(whatsappChannels.phoneNumberId, phoneNumberIds));
}

/** The verification handshake carries only the verify token: no client is known yet. */
export async function unsafeFindChannelsByVerifyToken(executor: Executor, verifyToken: string) {
  return executor.select().from(whatsappChannels).where(eq(whatsappChannels.verifyToken, verifyToken));
}

/** Meta's account-level webhooks (templates, a number's quality and name) name the business account. */
export async function unsafeFindChannelsByWabaIds(executor: Executor, wabaIds: string[]) {
  if (wabaIds.length === 0) return [];
  return executor
    .select()
    .from(whatsappChannels)
    .where(and(isNotNull(whatsappChannels.wabaId), inArray(whatsappChannels.wabaId, wabaIds)));
}

export async function listChannels(executor: Executor, clientId: string) {
  return executor
    .select()
    .from(whatsappChannels)
    .where(inClient(whatsappChannels, clientId))
    .orderBy(asc(whatsappChannels.createdAt));
}

export async function findChannel(executor: Executor, clientId: string, channelId: string) {
  const [row] = await executor
    .select()
    .from(whatsappChannels)
    .where(inClient(whatsappChannels, clientId, eq(whatsappChannels.id, channelId)));
  return row ?? null;
}

export async function insertChannel(executor: Executor, row: typeof whatsappChannels.$inferInsert) {
  const [inserted] = await executor.insert(whatsappChannels).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateChannel(
  executor: Executor,
  clientId: string,
  channelId: string,
  set: Partial<typeof whatsappChannels.$inferInsert>,
) {
  const [row] = await executor
    .update(whatsappChannels)
    .set({ ...set, updatedAt: sql`now()` })
    .where(inClient(whatsappChannels, clientId, eq(whatsappChannels.id, channelId)))
    .returning();
  return row ?? null;
}

export type WebhookEventRow = typeof whatsappWebhookEvents.$inferSelect;

export async function insertWebhookEvent(
  executor: Executor,
  row: { clientId: string; id: string; channelId: string; body: unknown },
) {
  // Every delivery: prepared (decision 0059).
  const query = preparedOn(executor, 'whatsapp_webhook_event', (db) =>
    db
      .insert(whatsappWebhookEvents)
      .values({
        clientId: sql.placeholder('clientId'),
        id: sql.placeholder('id'),
        channelId: sql.placeholder('channelId'),
        body: sql.placeholder('body'),
      })
      .prepare('whatsapp_webhook_event'),
  );
  await query.execute(row);
}

/**
 * A delivery stored already processed, in the transaction that processes it (one small delivery in the
 * request): one statement where storing, then claiming its only batch, took two (decision 0067). If
 * that transaction fails, the caller stores it unprocessed with `insertWebhookEvent` instead.
 */
export async function insertProcessedWebhookEvent(executor: Executor, row: ProcessedDelivery) {
  const query = preparedOn(executor, 'whatsapp_webhook_event_processed', (db) =>
    db
      .insert(whatsappWebhookEvents)
      .values({
        clientId: sql.placeholder('clientId'),
        id: sql.placeholder('id'),
        channelId: sql.placeholder('channelId'),
        body: sql.placeholder('body'),
        processedItems: sql.placeholder('processedItems'),
        processedAt: sql`now()`,
      })
      .prepare('whatsapp_webhook_event_processed'),
  );
  await query.execute(row);
}

export async function findWebhookEvent(executor: Executor, clientId: string, eventId: string) {
  const [row] = await executor
    .select()
    .from(whatsappWebhookEvents)
    .where(inClient(whatsappWebhookEvents, clientId, eq(whatsappWebhookEvents.id, eventId)));
  return row ?? null;
}

export async function markWebhookEventProgress(
  executor: Executor,
  clientId: string,
  eventId: string,
  processedItems: number,
  done: boolean,
) {
  await executor
    .update(whatsappWebhookEvents)
    .set({ processedItems, ...(done ? { processedAt: sql`now()` } : {}) })
    .where(inClient(whatsappWebhookEvents, clientId, eq(whatsappWebhookEvents.id, eventId)));
}

/**
 * Takes the next `batchSize` items of a delivery not yet processed, in one statement: the row is
 * locked to commit (a second worker waits, then sees the batch taken) and its progress moved on at
 * once, so nothing is left to write after the inbox work, under the client's locks. Rolled back with
 * the batch. Null when the delivery is finished.
 */
export async function claimWebhookEventBatch(
  executor: Executor,
  clientId: string,
  eventId: string,
  batchSize: number,
  totalItems: number,
): Promise<{ start: number; end: number } | null> {
  const result = await executor.execute<{ start: number; end: number }>(sql`
    with taken as (
      select ${whatsappWebhookEvents.processedItems} as start from ${whatsappWebhookEvents}
      where ${inClient(whatsappWebhookEvents, clientId, eq(whatsappWebhookEvents.id, eventId))}
        and ${whatsappWebhookEvents.processedAt} is null
      for update
    )
    update ${whatsappWebhookEvents} set
      processed_items = least(taken.start + ${batchSize}::int, ${totalItems}::int),
      processed_at = case when taken.start + ${batchSize}::int >= ${totalItems}::int then now() end
    from taken
    where ${inClient(whatsappWebhookEvents, clientId, eq(whatsappWebhookEvents.id, eventId))}
    returning taken.start as "start", ${whatsappWebhookEvents.processedItems} as "end"`);
  const row = result.rows[0];
  return row ? { start: Number(row.start), end: Number(row.end) } : null;
}

/** Housekeeping across clients: deliveries stored but not (fully) processed, e.g. after a crash. */
export async function unsafeListUnprocessedWebhookEvents(
  executor: Executor,
  receivedBefore: Date,
  limit: number,
) {
  return executor
    .select({ clientId: whatsappWebhookEvents.clientId, id: whatsappWebhookEvents.id })
    .from(whatsappWebhookEvents)
    .where(
      and(isNull(whatsappWebhookEvents.processedAt), lte(whatsappWebhookEvents.receivedAt, receivedBefore)),
    )
    .orderBy(asc(whatsappWebhookEvents.receivedAt))
    .limit(limit);
}

/** Idempotent on the provider message id: a redelivered message answers null. */
export async function insertMessageIfNew(executor: Executor, row: NewMessageRow): Promise<MessageRow | null> {
  const [inserted] = await executor.insert(whatsappMessages).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

/** Many at once (a webhook batch): answers the rows that were new, skipping redelivered wamids. */
export async function insertMessagesIfNew(executor: Executor, rows: NewMessageRow[]): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  const [only] = rows;
  if (only && rows.length === 1) {
    // One message a delivery (the usual case): prepared per shape of row (decision 0059).
    const shape = rowShape(only);
    const name = `whatsapp_message_if_new_${shape.key}`;
    const query = preparedOn(executor, name, (db) =>
      db
        .insert(whatsappMessages)
        .values(shape.placeholders as never)
        .onConflictDoNothing()
        .returning()
        .prepare(name),
    );
    return query.execute(only);
  }
  return executor.insert(whatsappMessages).values(rows).onConflictDoNothing().returning();
}

export type ProcessedDelivery = {
  clientId: string;
  id: string;
  channelId: string;
  body: unknown;
  processedItems: number;
};

/**
 * `insertProcessedWebhookEvent` and `insertMessagesIfNew` of its one message in one statement (the
 * delivery's insert as a data-modifying CTE): a one-message delivery, nearly every one, is stored with
 * its message in one round trip (decision 0067). Answers the message when it was new.
 */
export async function insertProcessedWebhookEventWithMessage(
  executor: Executor,
  delivery: ProcessedDelivery,
  row: NewMessageRow,
): Promise<MessageRow | null> {
  const shape = rowShape(row);
  const name = `whatsapp_delivery_message_${shape.key}`;
  const query = preparedOn(executor, name, (db) => {
    const stored = db.$with('delivery', { id: sql<string>`id` }).as(
      sql`insert into ${whatsappWebhookEvents} (client_id, id, channel_id, body, processed_items, processed_at)
        values (${sql.placeholder('deliveryClientId')}, ${sql.placeholder('deliveryId')},
          ${sql.placeholder('deliveryChannelId')}, ${sql.placeholder('deliveryBody')},
          ${sql.placeholder('deliveryItems')}, now())
        returning id`,
    );
    return db
      .with(stored)
      .insert(whatsappMessages)
      .values(shape.placeholders as never)
      .onConflictDoNothing()
      .returning()
      .prepare(name);
  });
  const [inserted] = await query.execute({
    ...row,
    deliveryClientId: delivery.clientId,
    deliveryId: delivery.id,
    deliveryChannelId: delivery.channelId,
    // As the jsonb column would write it (a driver sends a bare object as JSON too, but not every value is one).
    deliveryBody: JSON.stringify(delivery.body),
    deliveryItems: delivery.processedItems,
  });
  return inserted ?? null;
}

/** Locks the message so concurrent statuses for it apply one after the other. */
export async function findMessageForUpdate(
  executor: Executor,
  clientId: string,
  channelId: string,
  providerMessageId: string,
) {
  const [row] = await executor
    .select()
    .from(whatsappMessages)
    .where(
      inClient(
        whatsappMessages,
        clientId,
        eq(whatsappMessages.channelId, channelId),
        eq(whatsappMessages.providerMessageId, providerMessageId),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function findMessage(executor: Executor, clientId: string, messageId: string) {
  const [row] = await executor
    .select()
    .from(whatsappMessages)
    .where(inClient(whatsappMessages, clientId, eq(whatsappMessages.id, messageId)));
  return row ?? null;
}

export async function updateMessage(
  executor: Executor,
  clientId: string,
  messageId: string,
  set: Partial<NewMessageRow>,
) {
  await executor
    .update(whatsappMessages)
    .set(set)
    .where(inClient(whatsappMessages, clientId, eq(whatsappMessages.id, messageId)));
}

export async function insertPendingStatus(
  executor: Executor,
  row: typeof whatsappPendingStatuses.$inferInsert,
) {
  await executor.insert(whatsappPendingStatuses).values(row).onConflictDoNothing();
}

export async function takePendingStatuses(
  executor: Executor,
  clientId: string,
  channelId: string,
  providerMessageId: string,
): Promise<PendingStatusRow[]> {
  return executor
    .delete(whatsappPendingStatuses)
    .where(
      inClient(
        whatsappPendingStatuses,
        clientId,
        eq(whatsappPendingStatuses.channelId, channelId),
        eq(whatsappPendingStatuses.providerMessageId, providerMessageId),
      ),
    )
    .returning();
}

export async function findLastInboundAt(
  executor: Executor,
  clientId: string,
  channelId: string,
  customerPhone: string,
): Promise<Date | null> {
  const [row] = await executor
    .select({ at: max(whatsappMessages.sentAt) })
    .from(whatsappMessages)
    .where(
      inClient(
        whatsappMessages,
        clientId,
        eq(whatsappMessages.channelId, channelId),
        eq(whatsappMessages.customerPhone, customerPhone),
        eq(whatsappMessages.direction, 'in'),
      ),
    );
  return row?.at ?? null;
}

/** The number a customer last wrote to, of all the client's numbers. */
export async function findLastInboundChannelId(
  executor: Executor,
  clientId: string,
  customerPhone: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ channelId: whatsappMessages.channelId })
    .from(whatsappMessages)
    .where(
      inClient(
        whatsappMessages,
        clientId,
        eq(whatsappMessages.customerPhone, customerPhone),
        eq(whatsappMessages.direction, 'in'),
      ),
    )
    .orderBy(desc(whatsappMessages.sentAt))
    .limit(1);
  return row?.channelId ?? null;
}

/** The newest messages with one customer, oldest first. */
export async function listConversation(
  executor: Executor,
  clientId: string,
  channelId: string,
  customerPhone: string,
  limit: number,
) {
  const rows = await executor
    .select()
    .from(whatsappMessages)
    .where(
      inClient(
        whatsappMessages,
        clientId,
        eq(whatsappMessages.channelId, channelId),
        eq(whatsappMessages.customerPhone, customerPhone),
      ),
    )
    .orderBy(desc(whatsappMessages.sentAt), desc(whatsappMessages.id))
    .limit(limit);
  return rows.reverse();
}

/** Housekeeping across clients: statuses whose message never appeared. */
export async function unsafeDeletePendingStatusesBefore(executor: Executor, cutoff: Date): Promise<number> {
  const rows = await executor
    .delete(whatsappPendingStatuses)
    .where(lt(whatsappPendingStatuses.receivedAt, cutoff))
    .returning({ id: whatsappPendingStatuses.providerMessageId });
  return rows.length;
}
