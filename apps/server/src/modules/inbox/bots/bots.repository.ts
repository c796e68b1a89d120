import { asc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { csMessages } from '../chat/chat.tables.js';
import {
  csBotActions,
  csBotProjects,
  csBotProviders,
  csBotSessions,
  csBots,
  csBotValidations,
} from './bots.tables.js';

const UNIQUE_VIOLATION = '23505';
export function isUniqueViolation(error: unknown) {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

export async function listBotRows(
  db: Executor,
  clientId: string,
  options: { id?: string | undefined; pageSize: number; offset: number },
) {
  const where = inClient(csBots, clientId, options.id ? eq(csBots.id, options.id) : undefined);
  const rows = await db
    .select()
    .from(csBots)
    .where(where)
    .orderBy(asc(csBots.botName))
    .limit(options.pageSize)
    .offset(options.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(csBots).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}

export async function findBot(db: Executor, clientId: string, by: { id: string } | { botName: string }) {
  const [row] = await db
    .select()
    .from(csBots)
    .where(inClient(csBots, clientId, 'id' in by ? eq(csBots.id, by.id) : eq(csBots.botName, by.botName)));
  return row ?? null;
}

export async function insertBot(db: Executor, row: typeof csBots.$inferInsert) {
  const [inserted] = await db.insert(csBots).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateBot(
  db: Executor,
  clientId: string,
  id: string,
  values: Partial<typeof csBots.$inferInsert>,
) {
  const [row] = await db
    .update(csBots)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inClient(csBots, clientId, eq(csBots.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a bot with its flow and checks; its live sessions are ended by the caller. */
export async function deleteBotRows(db: Executor, clientId: string, botId: string) {
  await db.delete(csBotActions).where(inClient(csBotActions, clientId, eq(csBotActions.botId, botId)));
  await db
    .delete(csBotValidations)
    .where(inClient(csBotValidations, clientId, eq(csBotValidations.botId, botId)));
  const rows = await db
    .delete(csBots)
    .where(inClient(csBots, clientId, eq(csBots.id, botId)))
    .returning({ id: csBots.id });
  return rows.length;
}

export async function listActionRows(db: Executor, clientId: string, botIds: string[]) {
  if (botIds.length === 0) return [];
  return db
    .select()
    .from(csBotActions)
    .where(inClient(csBotActions, clientId, inArray(csBotActions.botId, botIds)))
    .orderBy(asc(csBotActions.botId), asc(csBotActions.position));
}

/** Replaces a bot's flow in one go: the old actions out, the new ones in, in order. */
export async function replaceActionRows(
  db: Executor,
  clientId: string,
  botId: string,
  rows: (typeof csBotActions.$inferInsert)[],
) {
  await db.delete(csBotActions).where(inClient(csBotActions, clientId, eq(csBotActions.botId, botId)));
  if (rows.length === 0) return [];
  return db.insert(csBotActions).values(rows).returning();
}

export async function deleteActionRow(db: Executor, clientId: string, botId: string, name: string) {
  const rows = await db
    .delete(csBotActions)
    .where(
      inClient(csBotActions, clientId, eq(csBotActions.botId, botId), eq(csBotActions.botActionName, name)),
    )
    .returning({ id: csBotActions.id });
  return rows.length;
}

export async function listValidationRows(
  db: Executor,
  clientId: string,
  botId: string,
  page?: { pageSize: number; offset: number },
) {
  const where = inClient(csBotValidations, clientId, eq(csBotValidations.botId, botId));
  const query = db.select().from(csBotValidations).where(where).orderBy(asc(csBotValidations.stateName));
  const rows = page ? await query.limit(page.pageSize).offset(page.offset) : await query;
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(csBotValidations).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}

export async function upsertValidation(db: Executor, row: typeof csBotValidations.$inferInsert) {
  const { clientId: _c, botId: _b, stateName: _s, ...values } = row;
  const [saved] = await db
    .insert(csBotValidations)
    .values(row)
    .onConflictDoUpdate({
      target: [csBotValidations.clientId, csBotValidations.botId, csBotValidations.stateName],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return saved!;
}

export async function deleteValidationRows(
  db: Executor,
  clientId: string,
  botId: string,
  stateNames?: string[],
) {
  const rows = await db
    .delete(csBotValidations)
    .where(
      inClient(
        csBotValidations,
        clientId,
        eq(csBotValidations.botId, botId),
        stateNames ? inArray(csBotValidations.stateName, stateNames) : undefined,
      ),
    )
    .returning({ stateName: csBotValidations.stateName });
  return rows.length;
}

export async function findValidation(db: Executor, clientId: string, botId: string, stateName: string) {
  const [row] = await db
    .select()
    .from(csBotValidations)
    .where(
      inClient(
        csBotValidations,
        clientId,
        eq(csBotValidations.botId, botId),
        eq(csBotValidations.stateName, stateName),
      ),
    );
  return row ?? null;
}

export async function insertSession(db: Executor, row: typeof csBotSessions.$inferInsert) {
  await db.insert(csBotSessions).values(row).onConflictDoNothing();
}

/** The room's session, locked until commit: one turn of one room at a time. */
export async function lockSession(db: Executor, clientId: string, roomId: string) {
  const [row] = await db
    .select()
    .from(csBotSessions)
    .where(inClient(csBotSessions, clientId, eq(csBotSessions.roomId, roomId)))
    .for('update');
  return row ?? null;
}

export async function findSession(db: Executor, clientId: string, roomId: string) {
  const [row] = await db
    .select()
    .from(csBotSessions)
    .where(inClient(csBotSessions, clientId, eq(csBotSessions.roomId, roomId)));
  return row ?? null;
}

export async function updateSession(
  db: Executor,
  clientId: string,
  roomId: string,
  values: Partial<typeof csBotSessions.$inferInsert>,
) {
  await db
    .update(csBotSessions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inClient(csBotSessions, clientId, eq(csBotSessions.roomId, roomId)));
}

export async function listActiveSessionRoomIds(db: Executor, clientId: string, botId: string) {
  const rows = await db
    .select({ roomId: csBotSessions.roomId })
    .from(csBotSessions)
    .where(
      inClient(csBotSessions, clientId, eq(csBotSessions.botId, botId), eq(csBotSessions.status, 'active')),
    );
  return rows.map((row) => row.roomId);
}

/** The customer's messages of a room the engine has not handled yet, oldest first. */
export async function listUnhandledCustomerMessages(
  db: Executor,
  clientId: string,
  roomId: string,
  after: { at: Date; ids: string[] } | null,
) {
  return db
    .select()
    .from(csMessages)
    .where(
      inClient(
        csMessages,
        clientId,
        eq(csMessages.roomId, roomId),
        eq(csMessages.fromCs, false),
        eq(csMessages.isInternal, false),
        after ? gte(csMessages.createdAt, after.at) : undefined,
        after && after.ids.length > 0 ? notInArray(csMessages.id, after.ids) : undefined,
      ),
    )
    .orderBy(asc(csMessages.createdAt), asc(csMessages.id))
    .limit(20);
}

/**
 * Sessions across clients whose room holds a customer message newer than the cursor: the sweep's
 * work when a turn's job was lost. `unsafe`: the sweep serves every client, each turn then runs in
 * its own client.
 */
export async function unsafeListStalledSessions(db: Executor, limit: number) {
  const rows = await db.execute<{ client_id: string; room_id: string }>(sql`
    select s.client_id, s.room_id from ${csBotSessions} s
    where s.status = 'active' and exists (
      select 1 from ${csMessages} m
      where m.client_id = s.client_id and m.room_id = s.room_id and m.from_cs = false
        and m.is_internal = false
        and (s.handled_at is null or m.created_at > s.handled_at
          or (m.created_at = s.handled_at and not (s.handled_ids ? m.id::text)))
        and m.created_at < now() - interval '20 seconds')
    limit ${limit}`);
  return rows.rows.map((row) => ({ clientId: row.client_id, roomId: row.room_id }));
}

export async function findProvider(db: Executor, clientId: string, provider: string, name: string) {
  const [row] = await db
    .select()
    .from(csBotProviders)
    .where(
      inClient(
        csBotProviders,
        clientId,
        eq(csBotProviders.provider, provider),
        eq(csBotProviders.name, name),
      ),
    );
  return row ?? null;
}

export async function upsertProvider(db: Executor, row: typeof csBotProviders.$inferInsert) {
  const { clientId: _c, provider: _p, name: _n, ...values } = row;
  const [saved] = await db
    .insert(csBotProviders)
    .values(row)
    .onConflictDoUpdate({
      target: [csBotProviders.clientId, csBotProviders.provider, csBotProviders.name],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return saved!;
}

export async function listProjectRows(
  db: Executor,
  clientId: string,
  provider: string,
  name: string,
  page: { pageSize: number; offset: number },
) {
  const where = inClient(
    csBotProjects,
    clientId,
    eq(csBotProjects.provider, provider),
    eq(csBotProjects.name, name),
  );
  const rows = await db
    .select()
    .from(csBotProjects)
    .where(where)
    .orderBy(asc(csBotProjects.projectName), asc(csBotProjects.id))
    .limit(page.pageSize)
    .offset(page.offset);
  const [count] = await db.select({ count: sql<number>`count(*)::int` }).from(csBotProjects).where(where);
  return { rows, total: Number(count?.count ?? 0) };
}

export async function findProject(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .select()
    .from(csBotProjects)
    .where(inClient(csBotProjects, clientId, eq(csBotProjects.id, id)));
  return row ?? null;
}

export async function insertProject(db: Executor, row: typeof csBotProjects.$inferInsert) {
  const [inserted] = await db.insert(csBotProjects).values(row).returning();
  return inserted!;
}

export async function updateProject(
  db: Executor,
  clientId: string,
  id: string,
  values: Partial<typeof csBotProjects.$inferInsert>,
) {
  const [row] = await db
    .update(csBotProjects)
    .set(values)
    .where(inClient(csBotProjects, clientId, eq(csBotProjects.id, id)))
    .returning();
  return row ?? null;
}
