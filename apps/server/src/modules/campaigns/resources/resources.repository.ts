import type { ResourceChannel, ResourceKind } from '@sapa/contracts';
import { count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { likePattern } from '../../../lib/like-pattern.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { campaignBatches, campaigns, campaignVersions } from '../campaigns.tables.js';
import { type CampaignResourceRow, campaignResources } from './resources.tables.js';

export type NewResourceRow = typeof campaignResources.$inferInsert;

/** Answers null when the area already holds this file. */
export async function insertResource(executor: Executor, row: NewResourceRow) {
  const [inserted] = await executor.insert(campaignResources).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findResource(executor: Executor, clientId: string, resourceId: string) {
  const [row] = await executor
    .select()
    .from(campaignResources)
    .where(inClient(campaignResources, clientId, eq(campaignResources.id, resourceId)));
  return row ?? null;
}

export async function findResourceByFile(
  executor: Executor,
  clientId: string,
  channel: ResourceChannel,
  fileId: string,
) {
  const [row] = await executor
    .select()
    .from(campaignResources)
    .where(
      inClient(
        campaignResources,
        clientId,
        eq(campaignResources.channel, channel),
        eq(campaignResources.fileId, fileId),
      ),
    );
  return row ?? null;
}

export async function listResources(
  executor: Executor,
  clientId: string,
  query: {
    channel: ResourceChannel;
    kind?: ResourceKind | undefined;
    search?: string | undefined;
    pageSize: number;
    pageNumber: number;
  },
): Promise<{ rows: CampaignResourceRow[]; total: number }> {
  const where = inClient(
    campaignResources,
    clientId,
    eq(campaignResources.channel, query.channel),
    query.kind ? eq(campaignResources.kind, query.kind) : undefined,
    query.search ? ilike(campaignResources.name, likePattern(query.search)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    executor
      .select()
      .from(campaignResources)
      .where(where)
      .orderBy(desc(campaignResources.createdAt), desc(campaignResources.id))
      .limit(query.pageSize)
      .offset(query.pageSize * query.pageNumber),
    executor.select({ total: count() }).from(campaignResources).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function renameResource(executor: Executor, clientId: string, resourceId: string, name: string) {
  const [row] = await executor
    .update(campaignResources)
    .set({ name, updatedAt: new Date() })
    .where(inClient(campaignResources, clientId, eq(campaignResources.id, resourceId)))
    .returning();
  return row ?? null;
}

export async function deleteResource(executor: Executor, clientId: string, resourceId: string) {
  const deleted = await executor
    .delete(campaignResources)
    .where(inClient(campaignResources, clientId, eq(campaignResources.id, resourceId)))
    .returning({ id: campaignResources.id });
  return deleted.length > 0;
}

/** A voice template (its own or a fallback) that plays this recording. */
const playsRecording = (
  template: typeof campaigns.template | typeof campaignBatches.template,
  fileId: string,
) => sql`${template} ->> 'recordingFileId' = ${fileId}`;
const fallbackPlays = (
  fallbacks: typeof campaigns.fallbackTemplates | typeof campaignBatches.fallbackTemplates,
  fileId: string,
) => sql`${fallbacks} @> ${JSON.stringify([{ recordingFileId: fileId }])}::jsonb`;

/**
 * What plays this recording: campaigns (the running version or one waiting for a checker) and batches
 * not yet over, named as a person reads them.
 */
export async function listRecordingUsers(executor: Executor, clientId: string, fileId: string) {
  const [running, pending, batches] = await Promise.all([
    executor
      .select({ code: campaigns.code })
      .from(campaigns)
      .where(
        inClient(
          campaigns,
          clientId,
          or(playsRecording(campaigns.template, fileId), fallbackPlays(campaigns.fallbackTemplates, fileId)),
        ),
      ),
    executor
      .select({ code: campaigns.code })
      .from(campaignVersions)
      .innerJoin(campaigns, inClient(campaigns, clientId, eq(campaigns.id, campaignVersions.campaignId)))
      .where(
        inClient(
          campaignVersions,
          clientId,
          eq(campaignVersions.status, 'pending'),
          or(
            sql`${campaignVersions.content} -> 'template' ->> 'recordingFileId' = ${fileId}`,
            sql`${campaignVersions.content} -> 'fallbackTemplates' @> ${JSON.stringify([{ recordingFileId: fileId }])}::jsonb`,
          ),
        ),
      ),
    executor
      .select({ id: campaignBatches.id })
      .from(campaignBatches)
      .where(
        inClient(
          campaignBatches,
          clientId,
          inArray(campaignBatches.status, [
            'ingesting',
            'pending_approval',
            'scheduled',
            'running',
            'paused',
          ]),
          or(
            playsRecording(campaignBatches.template, fileId),
            fallbackPlays(campaignBatches.fallbackTemplates, fileId),
          ),
        ),
      ),
  ]);
  const codes = [...new Set([...running, ...pending].map((row) => row.code))];
  return [
    ...codes.map((code) => `campaign ${code}`),
    ...(batches.length > 0 ? [`${batches.length} batch(es) still sending`] : []),
  ];
}
