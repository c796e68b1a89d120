import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { type CsGroupRow, csGroupParticipants, csGroups } from './groups.tables.js';

export async function listGroupRows(
  db: Executor,
  clientId: string,
  options: { search?: string | undefined; limit: number; offset: number },
) {
  const pattern = options.search ? `%${options.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  const where = inClient(csGroups, clientId, pattern ? ilike(csGroups.subject, pattern) : undefined);
  const rows = await db
    .select({
      group: csGroups,
      participantCount: sql<number>`(select count(*)::int from ${csGroupParticipants}
        where ${inClient(csGroupParticipants, csGroups.clientId, eq(csGroupParticipants.groupId, csGroups.id))})`,
    })
    .from(csGroups)
    .where(where)
    .orderBy(sql`coalesce(${csGroups.lastMessageAt}, ${csGroups.createdAt}) desc`, desc(csGroups.id))
    .limit(options.limit)
    .offset(options.offset);
  const [totals] = await db.select({ total: count() }).from(csGroups).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

export async function findGroup(db: Executor, clientId: string, id: string): Promise<CsGroupRow | null> {
  const [row] = await db
    .select()
    .from(csGroups)
    .where(inClient(csGroups, clientId, eq(csGroups.id, id)));
  return row ?? null;
}

export async function findGroupByProviderId(db: Executor, clientId: string, providerGroupId: string) {
  const [row] = await db
    .select()
    .from(csGroups)
    .where(inClient(csGroups, clientId, eq(csGroups.providerGroupId, providerGroupId)));
  return row ?? null;
}

/** Null when another group of the client already has this WhatsApp group id. */
export async function insertGroup(db: Executor, row: typeof csGroups.$inferInsert) {
  const [inserted] = await db.insert(csGroups).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateGroupRow(
  db: Executor,
  clientId: string,
  id: string,
  changes: Partial<typeof csGroups.$inferInsert>,
) {
  const [row] = await db
    .update(csGroups)
    .set({ ...changes, updatedAt: new Date() })
    .where(inClient(csGroups, clientId, eq(csGroups.id, id)))
    .returning();
  return row ?? null;
}

/** A message written in the group: its preview, and one more unread when it came from a participant. */
export async function recordGroupMessage(
  db: Executor,
  clientId: string,
  id: string,
  latest: { preview: string; at: Date; fromCs: boolean },
) {
  await db
    .update(csGroups)
    .set({
      lastMessageAt: latest.at,
      lastMessagePreview: latest.preview.slice(0, 200),
      ...(latest.fromCs ? {} : { unreadCount: sql`${csGroups.unreadCount} + 1` }),
    })
    .where(inClient(csGroups, clientId, eq(csGroups.id, id)));
}

export async function listParticipants(db: Executor, clientId: string, groupId: string) {
  return db
    .select()
    .from(csGroupParticipants)
    .where(inClient(csGroupParticipants, clientId, eq(csGroupParticipants.groupId, groupId)))
    .orderBy(
      desc(csGroupParticipants.isAdmin),
      asc(csGroupParticipants.addedAt),
      asc(csGroupParticipants.phoneNumber),
    );
}

export async function countParticipants(db: Executor, clientId: string, groupId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(csGroupParticipants)
    .where(inClient(csGroupParticipants, clientId, eq(csGroupParticipants.groupId, groupId)));
  return Number(row?.total ?? 0);
}

/** Adds the participant or, when already in, sets their admin flag (when given). */
export async function upsertParticipant(
  db: Executor,
  row: {
    clientId: string;
    groupId: string;
    phoneNumber: string;
    isAdmin?: boolean | undefined;
    /** A new participant's state; `joined` also moves an invited one on. */
    state: 'invited' | 'joined';
  },
) {
  const insert = db.insert(csGroupParticipants).values({ ...row, isAdmin: row.isAdmin ?? false });
  const set = {
    ...(row.isAdmin === undefined ? {} : { isAdmin: row.isAdmin }),
    ...(row.state === 'joined' ? { state: 'joined' as const } : {}),
  };
  await (Object.keys(set).length === 0
    ? insert.onConflictDoNothing()
    : insert.onConflictDoUpdate({
        target: [csGroupParticipants.clientId, csGroupParticipants.groupId, csGroupParticipants.phoneNumber],
        set,
      }));
}

/** One participant of one of the client's groups, by phone number. */
function participantOf(clientId: string, groupId: string, phoneNumber: string) {
  return inClient(
    csGroupParticipants,
    clientId,
    and(eq(csGroupParticipants.groupId, groupId), eq(csGroupParticipants.phoneNumber, phoneNumber)),
  );
}

export async function updateParticipant(
  db: Executor,
  clientId: string,
  groupId: string,
  phoneNumber: string,
  isAdmin: boolean,
) {
  const rows = await db
    .update(csGroupParticipants)
    .set({ isAdmin })
    .where(participantOf(clientId, groupId, phoneNumber))
    .returning();
  return rows.length;
}

export async function deleteParticipant(
  db: Executor,
  clientId: string,
  groupId: string,
  phoneNumber: string,
) {
  const rows = await db
    .delete(csGroupParticipants)
    .where(participantOf(clientId, groupId, phoneNumber))
    .returning();
  return rows.length;
}

/** A group still waiting for WhatsApp's `group_create` webhook: by its request id, else by number and subject. */
export async function findGroupAwaitingCreation(
  db: Executor,
  clientId: string,
  match: { requestId: string | null; channelId: string; subject: string | null },
) {
  if (match.requestId) {
    const [byRequest] = await db
      .select()
      .from(csGroups)
      .where(inClient(csGroups, clientId, eq(csGroups.providerRequestId, match.requestId)));
    if (byRequest) return byRequest;
  }
  // The webhook outran the job that records the request id: the one group being created with this subject.
  if (match.subject === null) return null;
  const rows = await db
    .select()
    .from(csGroups)
    .where(
      inClient(
        csGroups,
        clientId,
        and(
          isNull(csGroups.providerGroupId),
          isNotNull(csGroups.providerRequestId),
          or(isNull(csGroups.channelId), eq(csGroups.channelId, match.channelId)),
          or(eq(csGroups.providerSubject, match.subject), eq(csGroups.subject, match.subject)),
        ),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]! : null;
}

/**
 * Claims the creation of a group at WhatsApp (one job at a time): answers false when another job did,
 * or the group is linked already.
 */
export async function claimGroupCreation(db: Executor, clientId: string, id: string, claim: string) {
  const rows = await db
    .update(csGroups)
    .set({ providerRequestId: claim })
    .where(
      inClient(
        csGroups,
        clientId,
        and(eq(csGroups.id, id), isNull(csGroups.providerGroupId), isNull(csGroups.providerRequestId)),
      ),
    )
    .returning({ id: csGroups.id });
  return rows.length === 1;
}

/** Records the create call's answer, unless WhatsApp's webhook linked the group meanwhile. */
export async function recordGroupCreation(
  db: Executor,
  clientId: string,
  id: string,
  claim: string,
  changes: Partial<typeof csGroups.$inferInsert>,
) {
  await db
    .update(csGroups)
    .set({ ...changes, updatedAt: new Date() })
    .where(
      inClient(
        csGroups,
        clientId,
        and(eq(csGroups.id, id), isNull(csGroups.providerGroupId), eq(csGroups.providerRequestId, claim)),
      ),
    );
}

export async function listParticipantsInState(
  db: Executor,
  clientId: string,
  groupId: string,
  state: 'invited' | 'joined' | 'removing',
) {
  return db
    .select()
    .from(csGroupParticipants)
    .where(
      inClient(
        csGroupParticipants,
        clientId,
        and(eq(csGroupParticipants.groupId, groupId), eq(csGroupParticipants.state, state)),
      ),
    );
}

export async function setParticipantState(
  db: Executor,
  clientId: string,
  groupId: string,
  phoneNumbers: string[],
  state: 'invited' | 'joined' | 'removing',
) {
  if (phoneNumbers.length === 0) return 0;
  const rows = await db
    .update(csGroupParticipants)
    .set({ state })
    .where(
      inClient(
        csGroupParticipants,
        clientId,
        and(eq(csGroupParticipants.groupId, groupId), inArray(csGroupParticipants.phoneNumber, phoneNumbers)),
      ),
    )
    .returning();
  return rows.length;
}

export async function deleteParticipants(
  db: Executor,
  clientId: string,
  groupId: string,
  phoneNumbers: string[],
) {
  if (phoneNumbers.length === 0) return 0;
  const rows = await db
    .delete(csGroupParticipants)
    .where(
      inClient(
        csGroupParticipants,
        clientId,
        and(eq(csGroupParticipants.groupId, groupId), inArray(csGroupParticipants.phoneNumber, phoneNumbers)),
      ),
    )
    .returning();
  return rows.length;
}
