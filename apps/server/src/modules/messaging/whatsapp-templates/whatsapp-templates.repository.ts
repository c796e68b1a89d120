import { count, desc, eq, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { whatsappChannels } from '../channels/whatsapp/whatsapp.tables.js';
import { whatsappTemplates } from './whatsapp-templates.tables.js';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;
export type NewTemplateRow = typeof whatsappTemplates.$inferInsert;
export type TemplateListRow = TemplateRow & { displayPhoneNumber: string };

/** Answers null when the number already has a template of that name and language. */
export async function insertTemplate(executor: Executor, row: NewTemplateRow) {
  const [inserted] = await executor.insert(whatsappTemplates).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function findTemplate(executor: Executor, clientId: string, templateId: string) {
  const [row] = await executor
    .select()
    .from(whatsappTemplates)
    .where(inClient(whatsappTemplates, clientId, eq(whatsappTemplates.id, templateId)));
  return row ?? null;
}

export async function findTemplateByName(
  executor: Executor,
  clientId: string,
  channelId: string,
  name: string,
  language: string,
) {
  const [row] = await executor
    .select()
    .from(whatsappTemplates)
    .where(
      inClient(
        whatsappTemplates,
        clientId,
        eq(whatsappTemplates.channelId, channelId),
        eq(whatsappTemplates.name, name),
        eq(whatsappTemplates.language, language),
      ),
    );
  return row ?? null;
}

export async function listTemplatesOfChannel(executor: Executor, clientId: string, channelId: string) {
  return executor
    .select()
    .from(whatsappTemplates)
    .where(inClient(whatsappTemplates, clientId, eq(whatsappTemplates.channelId, channelId)));
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listTemplates(
  executor: Executor,
  clientId: string,
  filter: { channelId?: string; status?: TemplateRow['status']; search?: string },
  page: { pageSize: number; pageNumber: number },
): Promise<{ total: number; items: TemplateListRow[] }> {
  const conditions: SQL[] = [];
  if (filter.channelId) conditions.push(eq(whatsappTemplates.channelId, filter.channelId));
  if (filter.status) conditions.push(eq(whatsappTemplates.status, filter.status));
  if (filter.search) conditions.push(ilike(whatsappTemplates.name, `%${escapeLike(filter.search)}%`));
  const where = inClient(whatsappTemplates, clientId, ...conditions);
  const [totals] = await executor.select({ total: count() }).from(whatsappTemplates).where(where);
  const rows = await executor
    .select({ template: whatsappTemplates, displayPhoneNumber: whatsappChannels.displayPhoneNumber })
    .from(whatsappTemplates)
    .innerJoin(
      whatsappChannels,
      inClient(
        whatsappChannels,
        whatsappTemplates.clientId,
        eq(whatsappChannels.id, whatsappTemplates.channelId),
      ),
    )
    .where(where)
    .orderBy(desc(whatsappTemplates.createdAt), desc(whatsappTemplates.id))
    .limit(page.pageSize)
    .offset(page.pageSize * page.pageNumber);
  return {
    total: totals?.total ?? 0,
    items: rows.map((row) => ({ ...row.template, displayPhoneNumber: row.displayPhoneNumber })),
  };
}

export async function updateTemplate(
  executor: Executor,
  clientId: string,
  templateId: string,
  set: Partial<NewTemplateRow>,
) {
  const [row] = await executor
    .update(whatsappTemplates)
    .set({ ...set, updatedAt: new Date() })
    .where(inClient(whatsappTemplates, clientId, eq(whatsappTemplates.id, templateId)))
    .returning();
  return row ?? null;
}

export async function deleteTemplateRow(executor: Executor, clientId: string, templateId: string) {
  await executor
    .delete(whatsappTemplates)
    .where(inClient(whatsappTemplates, clientId, eq(whatsappTemplates.id, templateId)));
}

// Meta's status webhooks name the business account and the template id, not the client.
export { unsafeFindChannelsByWabaIds } from '../channels/whatsapp/whatsapp.repository.js';

/** Sandbox templates of a number whose review is due. */
export async function listDueReviews(executor: Executor, clientId: string, channelId: string, now: Date) {
  return executor
    .select()
    .from(whatsappTemplates)
    .where(
      inClient(
        whatsappTemplates,
        clientId,
        eq(whatsappTemplates.channelId, channelId),
        eq(whatsappTemplates.status, 'PENDING'),
        lte(whatsappTemplates.reviewDueAt, now),
      ),
    );
}

/** The names of the templates whose media header sample is this stored file (a resource in use). */
export async function listTemplatesUsingFile(executor: Executor, clientId: string, fileId: string) {
  const rows = await executor
    .select({ name: whatsappTemplates.name, language: whatsappTemplates.language })
    .from(whatsappTemplates)
    .where(
      inClient(
        whatsappTemplates,
        clientId,
        sql`${whatsappTemplates.draft} -> 'header' ->> 'exampleFileId' = ${fileId}`,
      ),
    );
  return rows.map((row) => `${row.name} (${row.language})`);
}
