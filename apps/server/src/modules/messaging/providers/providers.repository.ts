import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import {
  type ChannelProviderRow,
  channelProviders,
  type ProviderEditRequestRow,
  providerEditRequests,
} from './providers.tables.js';

type Channel = ChannelProviderRow['channel'];

// Every query names the client: another client's provider or request is never found.

export function listProviders(db: Executor, clientId: string, channel: Channel) {
  return db
    .select()
    .from(channelProviders)
    .where(inClient(channelProviders, clientId, eq(channelProviders.channel, channel)))
    .orderBy(desc(channelProviders.isDefault), asc(channelProviders.name));
}

export async function findProvider(
  db: Executor,
  clientId: string,
  channel: Channel,
  id: string,
): Promise<ChannelProviderRow | null> {
  const [row] = await db
    .select()
    .from(channelProviders)
    .where(
      inClient(
        channelProviders,
        clientId,
        eq(channelProviders.channel, channel),
        eq(channelProviders.id, id),
      ),
    );
  return row ?? null;
}

export async function lockProvider(db: Executor, clientId: string, channel: Channel, id: string) {
  const [row] = await db
    .select()
    .from(channelProviders)
    .where(
      inClient(
        channelProviders,
        clientId,
        eq(channelProviders.channel, channel),
        eq(channelProviders.id, id),
      ),
    )
    .for('update');
  return row ?? null;
}

/** The provider that sends for the client's channel, if one is configured. */
export async function findDefaultProvider(db: Executor, clientId: string, channel: Channel) {
  const [row] = await db
    .select()
    .from(channelProviders)
    .where(
      inClient(
        channelProviders,
        clientId,
        eq(channelProviders.channel, channel),
        eq(channelProviders.isDefault, true),
      ),
    );
  return row ?? null;
}

export async function countProviders(db: Executor, clientId: string, channel: Channel) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(channelProviders)
    .where(inClient(channelProviders, clientId, eq(channelProviders.channel, channel)));
  return row?.n ?? 0;
}

export async function insertProvider(db: Executor, row: typeof channelProviders.$inferInsert) {
  const [saved] = await db.insert(channelProviders).values(row).returning();
  return saved!;
}

/** Changes a provider; a change of what it runs with (`bump`) raises its version. */
export async function updateProvider(
  db: Executor,
  clientId: string,
  id: string,
  fields: Partial<typeof channelProviders.$inferInsert>,
  bump: boolean,
) {
  const [saved] = await db
    .update(channelProviders)
    .set({
      ...fields,
      ...(bump ? { version: sql`${channelProviders.version} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(inClient(channelProviders, clientId, eq(channelProviders.id, id)))
    .returning();
  return saved ?? null;
}

export async function clearDefault(db: Executor, clientId: string, channel: Channel) {
  await db
    .update(channelProviders)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      inClient(
        channelProviders,
        clientId,
        eq(channelProviders.channel, channel),
        eq(channelProviders.isDefault, true),
      ),
    );
}

export async function deleteProvider(db: Executor, clientId: string, id: string) {
  const [row] = await db
    .delete(channelProviders)
    .where(inClient(channelProviders, clientId, eq(channelProviders.id, id)))
    .returning();
  return row ?? null;
}

export async function insertEditRequest(db: Executor, row: typeof providerEditRequests.$inferInsert) {
  const [saved] = await db.insert(providerEditRequests).values(row).returning();
  return saved!;
}

/** The pending request, locked for the approval's transaction. */
export async function lockPendingEditRequest(
  db: Executor,
  clientId: string,
  id: string,
): Promise<ProviderEditRequestRow | null> {
  const [row] = await db
    .select()
    .from(providerEditRequests)
    .where(
      inClient(
        providerEditRequests,
        clientId,
        eq(providerEditRequests.id, id),
        eq(providerEditRequests.status, 'pending'),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function findPendingCreate(db: Executor, clientId: string, channel: Channel, name: string) {
  const [row] = await db
    .select({ id: providerEditRequests.id })
    .from(providerEditRequests)
    .where(
      inClient(
        providerEditRequests,
        clientId,
        and(
          eq(providerEditRequests.channel, channel),
          eq(providerEditRequests.action, 'create'),
          eq(providerEditRequests.status, 'pending'),
          eq(providerEditRequests.name, name),
        ),
      ),
    );
  return row ?? null;
}

export async function decideEditRequest(
  db: Executor,
  clientId: string,
  id: string,
  status: 'approved' | 'rejected',
) {
  await db
    .update(providerEditRequests)
    .set({ status, decidedAt: new Date() })
    .where(inClient(providerEditRequests, clientId, eq(providerEditRequests.id, id)));
}

/** The channel's requests waiting for a checker, newest first, a page at a time. */
export async function listPendingEditRequests(
  db: Executor,
  clientId: string,
  channel: Channel,
  page: { pageSize: number; pageNumber: number },
) {
  const where = inClient(
    providerEditRequests,
    clientId,
    eq(providerEditRequests.channel, channel),
    eq(providerEditRequests.status, 'pending'),
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(providerEditRequests)
      .where(where)
      .orderBy(desc(providerEditRequests.createdAt), desc(providerEditRequests.id))
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db.select({ total: count() }).from(providerEditRequests).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}
