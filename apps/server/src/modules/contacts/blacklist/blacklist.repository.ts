import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { likePattern } from '../../../lib/like-pattern.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { contactsBlacklist } from './blacklist.tables.js';

/** Adds the entry unless the client already has it; answers the new row, or null when it was there. */
export async function insertBlacklistEntry(
  db: Executor,
  clientId: string,
  entry: { phone: string; channel: string; reason: string | null; createdBy: string },
) {
  const [row] = await db
    .insert(contactsBlacklist)
    .values({ ...entry, clientId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function deleteBlacklistEntry(db: Executor, clientId: string, phone: string, channel: string) {
  const [row] = await db
    .delete(contactsBlacklist)
    .where(
      inClient(
        contactsBlacklist,
        clientId,
        eq(contactsBlacklist.phone, phone),
        eq(contactsBlacklist.channel, channel),
      ),
    )
    .returning();
  return row ?? null;
}

/** The listed phones that are blocked on any of the channels, in one query. */
export async function listBlacklistedPhones(
  db: Executor,
  clientId: string,
  channels: string[],
  phones: string[],
): Promise<string[]> {
  if (phones.length === 0) return [];
  const rows = await db
    .selectDistinct({ phone: contactsBlacklist.phone })
    .from(contactsBlacklist)
    .where(
      inClient(
        contactsBlacklist,
        clientId,
        inArray(contactsBlacklist.channel, channels),
        // The numbers travel as one JSON parameter: an upload asks thousands at a time.
        sql`${contactsBlacklist.phone} in (select json_array_elements_text(${JSON.stringify(phones)}::json))`,
      ),
    );
  return rows.map((row) => row.phone);
}

/** Adds many entries in one statement; answers how many were new. */
export async function insertBlacklistEntries(
  db: Executor,
  clientId: string,
  entries: readonly { phone: string; channel: string; reason: string | null; createdBy: string }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db
    .insert(contactsBlacklist)
    .values(entries.map((entry) => ({ ...entry, clientId })))
    .onConflictDoNothing()
    .returning({ phone: contactsBlacklist.phone });
  return rows.length;
}

export type BlacklistFilter = { channel?: string | undefined; search?: string | undefined };

function filtered(clientId: string, filter: BlacklistFilter) {
  return inClient(
    contactsBlacklist,
    clientId,
    filter.channel ? eq(contactsBlacklist.channel, filter.channel) : undefined,
    filter.search ? ilike(contactsBlacklist.phone, likePattern(filter.search)) : undefined,
  );
}

/** A page of the client's entries, newest first. */
export async function listBlacklistPage(
  db: Executor,
  clientId: string,
  filter: BlacklistFilter,
  page: { pageSize: number; pageNumber: number },
) {
  const where = filtered(clientId, filter);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(contactsBlacklist)
      .where(where)
      .orderBy(
        desc(contactsBlacklist.createdAt),
        asc(contactsBlacklist.phone),
        asc(contactsBlacklist.channel),
      )
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db.select({ total: count() }).from(contactsBlacklist).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** The next entries after one (keyset on the key), for a streamed export. */
export async function listBlacklistAfter(
  db: Executor,
  clientId: string,
  filter: BlacklistFilter,
  after: { phone: string; channel: string } | null,
  limit: number,
) {
  return db
    .select()
    .from(contactsBlacklist)
    .where(
      and(
        filtered(clientId, filter),
        after
          ? sql`(${contactsBlacklist.phone}, ${contactsBlacklist.channel}) > (${after.phone}, ${after.channel})`
          : undefined,
      ),
    )
    .orderBy(asc(contactsBlacklist.phone), asc(contactsBlacklist.channel))
    .limit(limit);
}
