import type { CampaignChannel, CampaignContent, CampaignStatus } from '@sapa/contracts';
import { asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import type { Executor } from '../../platform/database.js';
import {
  type CampaignRetryPlanRow,
  type CampaignRow,
  type CampaignVersionRow,
  type CampaignWindowRow,
  campaignRetryPlans,
  campaigns,
  campaignVersions,
  campaignWindows,
} from './campaigns.tables.js';

// Every query names the client: a campaign, window or plan of another client is never found.

// ---- campaigns ----

export async function insertCampaign(db: Executor, row: typeof campaigns.$inferInsert): Promise<CampaignRow> {
  const [saved] = await db.insert(campaigns).values(row).returning();
  return saved!;
}

export async function findCampaign(db: Executor, clientId: string, id: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(inClient(campaigns, clientId, eq(campaigns.id, id)));
  return row ?? null;
}

/** The campaign, locked for the caller's transaction (a transition or an approval reads it this way). */
/** The campaign a file names (spec §7 `campaignName`): its code, else its name when one campaign has it. */
export async function findCampaignsByCodeOrName(db: Executor, clientId: string, name: string) {
  const [byCode] = await db
    .select()
    .from(campaigns)
    .where(inClient(campaigns, clientId, eq(campaigns.code, name)));
  if (byCode) return [byCode];
  return db
    .select()
    .from(campaigns)
    .where(inClient(campaigns, clientId, eq(campaigns.name, name)))
    .limit(2);
}

export async function findCampaignVersion(
  db: Executor,
  clientId: string,
  campaignId: string,
  version: number,
) {
  const [row] = await db
    .select()
    .from(campaignVersions)
    .where(
      inClient(
        campaignVersions,
        clientId,
        eq(campaignVersions.campaignId, campaignId),
        eq(campaignVersions.version, version),
      ),
    );
  return row ?? null;
}

export async function lockCampaign(db: Executor, clientId: string, id: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(inClient(campaigns, clientId, eq(campaigns.id, id)))
    .for('update');
  return row ?? null;
}

export async function listCampaigns(
  db: Executor,
  clientId: string,
  filter: {
    channels: readonly CampaignChannel[];
    status?: CampaignStatus | undefined;
    type?: CampaignContent['type'] | undefined;
    q?: string | undefined;
  },
  page: { pageSize: number; pageNumber: number },
) {
  const conditions: SQL[] = [inClient(campaigns, clientId), inArray(campaigns.channel, [...filter.channels])];
  if (filter.status) conditions.push(eq(campaigns.status, filter.status));
  if (filter.type) conditions.push(eq(campaigns.type, filter.type));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    conditions.push(or(ilike(campaigns.code, pattern), ilike(campaigns.name, pattern))!);
  }
  const where = inClient(campaigns, clientId, ...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

export async function updateCampaign(
  db: Executor,
  clientId: string,
  id: string,
  fields: Partial<Omit<typeof campaigns.$inferInsert, 'clientId' | 'id' | 'code' | 'channel'>>,
): Promise<CampaignRow | null> {
  const [row] = await db
    .update(campaigns)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(inClient(campaigns, clientId, eq(campaigns.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Moves a campaign from one of `from` to `to` in one conditional statement: two people acting at once
 * cannot both win, and the loser learns the state it found.
 */
export async function transitionCampaign(
  db: Executor,
  clientId: string,
  id: string,
  from: readonly CampaignStatus[],
  fields: Partial<Omit<typeof campaigns.$inferInsert, 'clientId' | 'id' | 'code' | 'channel'>>,
): Promise<CampaignRow | null> {
  const [row] = await db
    .update(campaigns)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(inClient(campaigns, clientId, eq(campaigns.id, id), inArray(campaigns.status, [...from])))
    .returning();
  return row ?? null;
}

export async function deleteCampaign(
  db: Executor,
  clientId: string,
  id: string,
  from: readonly CampaignStatus[],
): Promise<boolean> {
  const rows = await db
    .delete(campaigns)
    .where(inClient(campaigns, clientId, eq(campaigns.id, id), inArray(campaigns.status, [...from])))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

export async function insertCampaignVersion(
  db: Executor,
  row: typeof campaignVersions.$inferInsert,
): Promise<CampaignVersionRow> {
  const [saved] = await db.insert(campaignVersions).values(row).returning();
  return saved!;
}

export async function listCampaignVersions(db: Executor, clientId: string, campaignId: string) {
  return db
    .select()
    .from(campaignVersions)
    .where(inClient(campaignVersions, clientId, eq(campaignVersions.campaignId, campaignId)))
    .orderBy(desc(campaignVersions.version));
}

/** The highest version the campaign has had (applied, pending or rejected); 0 before its first submission. */
export async function lastVersionNumber(db: Executor, clientId: string, campaignId: string): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${campaignVersions.version})` })
    .from(campaignVersions)
    .where(inClient(campaignVersions, clientId, eq(campaignVersions.campaignId, campaignId)));
  return Number(row?.last ?? 0);
}

/** Decides a pending edit request: only the version still pending moves. */
export async function decideVersion(
  db: Executor,
  clientId: string,
  campaignId: string,
  version: number,
  status: 'approved' | 'rejected',
): Promise<CampaignVersionRow | null> {
  const [row] = await db
    .update(campaignVersions)
    .set({ status, decidedAt: sql`now()` })
    .where(
      inClient(
        campaignVersions,
        clientId,
        eq(campaignVersions.campaignId, campaignId),
        eq(campaignVersions.version, version),
        eq(campaignVersions.status, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function countCampaignsUsing(
  db: Executor,
  clientId: string,
  use: { windowId: string } | { retryPlanId: string },
): Promise<number> {
  const column =
    'windowId' in use ? eq(campaigns.windowId, use.windowId) : eq(campaigns.retryPlanId, use.retryPlanId);
  const [row] = await db
    .select({ total: count() })
    .from(campaigns)
    .where(inClient(campaigns, clientId, column));
  return row?.total ?? 0;
}

// ---- windows ----

export async function insertWindow(db: Executor, row: typeof campaignWindows.$inferInsert) {
  const [saved] = await db.insert(campaignWindows).values(row).returning();
  return saved!;
}

export async function listWindows(db: Executor, clientId: string): Promise<CampaignWindowRow[]> {
  return db
    .select()
    .from(campaignWindows)
    .where(inClient(campaignWindows, clientId))
    .orderBy(asc(campaignWindows.name));
}

export async function findWindow(
  db: Executor,
  clientId: string,
  id: string,
): Promise<CampaignWindowRow | null> {
  const [row] = await db
    .select()
    .from(campaignWindows)
    .where(inClient(campaignWindows, clientId, eq(campaignWindows.id, id)));
  return row ?? null;
}

export async function updateWindow(
  db: Executor,
  clientId: string,
  id: string,
  fields: Pick<typeof campaignWindows.$inferInsert, 'name' | 'timeZone' | 'ranges' | 'blackoutDates'>,
): Promise<CampaignWindowRow | null> {
  const [row] = await db
    .update(campaignWindows)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(inClient(campaignWindows, clientId, eq(campaignWindows.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteWindow(db: Executor, clientId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(campaignWindows)
    .where(inClient(campaignWindows, clientId, eq(campaignWindows.id, id)))
    .returning({ id: campaignWindows.id });
  return rows.length > 0;
}

// ---- retry plans ----

export async function insertRetryPlan(db: Executor, row: typeof campaignRetryPlans.$inferInsert) {
  const [saved] = await db.insert(campaignRetryPlans).values(row).returning();
  return saved!;
}

export async function listRetryPlans(db: Executor, clientId: string): Promise<CampaignRetryPlanRow[]> {
  return db
    .select()
    .from(campaignRetryPlans)
    .where(inClient(campaignRetryPlans, clientId))
    .orderBy(asc(campaignRetryPlans.name));
}

export async function findRetryPlan(
  db: Executor,
  clientId: string,
  id: string,
): Promise<CampaignRetryPlanRow | null> {
  const [row] = await db
    .select()
    .from(campaignRetryPlans)
    .where(inClient(campaignRetryPlans, clientId, eq(campaignRetryPlans.id, id)));
  return row ?? null;
}

export async function updateRetryPlan(
  db: Executor,
  clientId: string,
  id: string,
  fields: Pick<
    typeof campaignRetryPlans.$inferInsert,
    'name' | 'maxAttempts' | 'delay' | 'retryOn' | 'fallbackChannels'
  >,
): Promise<CampaignRetryPlanRow | null> {
  const [row] = await db
    .update(campaignRetryPlans)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(inClient(campaignRetryPlans, clientId, eq(campaignRetryPlans.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRetryPlan(db: Executor, clientId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(campaignRetryPlans)
    .where(inClient(campaignRetryPlans, clientId, eq(campaignRetryPlans.id, id)))
    .returning({ id: campaignRetryPlans.id });
  return rows.length > 0;
}

export async function findCampaignByCode(
  db: Executor,
  clientId: string,
  code: string,
): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(inClient(campaigns, clientId, eq(campaigns.code, code)));
  return row ?? null;
}
