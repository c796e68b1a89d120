import { eq, inArray } from 'drizzle-orm';
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
        inArray(contactsBlacklist.phone, phones),
      ),
    );
  return rows.map((row) => row.phone);
}
