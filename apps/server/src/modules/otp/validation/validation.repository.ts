import { asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import {
  type ValidationResultRecord,
  type ValidationRunRow,
  validationResults,
  validationRuns,
} from './validation.tables.js';

// Every query names the client: another client's run or result is never found.

export async function insertRun(db: Executor, row: typeof validationRuns.$inferInsert) {
  const [saved] = await db.insert(validationRuns).values(row).returning();
  return saved!;
}

export async function findRun(db: Executor, clientId: string, id: string): Promise<ValidationRunRow | null> {
  const [row] = await db
    .select()
    .from(validationRuns)
    .where(inClient(validationRuns, clientId, eq(validationRuns.id, id)));
  return row ?? null;
}

export async function updateRun(
  db: Executor,
  clientId: string,
  id: string,
  fields: Partial<Omit<ValidationRunRow, 'clientId' | 'id' | 'createdAt' | 'createdBy'>>,
) {
  const [row] = await db
    .update(validationRuns)
    .set(fields)
    .where(inClient(validationRuns, clientId, eq(validationRuns.id, id)))
    .returning();
  return row ?? null;
}

/** Adds a chunk's counts to a run (one statement: the job and a reader never see half a chunk). */
export async function addProgress(
  db: Executor,
  clientId: string,
  id: string,
  add: { processed: number; valid: number; invalid: number; duplicates: number; blacklisted: number },
) {
  await db
    .update(validationRuns)
    .set({
      processed: sql`${validationRuns.processed} + ${add.processed}`,
      valid: sql`${validationRuns.valid} + ${add.valid}`,
      invalid: sql`${validationRuns.invalid} + ${add.invalid}`,
      duplicates: sql`${validationRuns.duplicates} + ${add.duplicates}`,
      blacklisted: sql`${validationRuns.blacklisted} + ${add.blacklisted}`,
    })
    .where(inClient(validationRuns, clientId, eq(validationRuns.id, id)));
}

export async function listRuns(
  db: Executor,
  clientId: string,
  page: { pageSize: number; pageNumber: number },
) {
  const where = inClient(validationRuns, clientId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(validationRuns)
      .where(where)
      .orderBy(desc(validationRuns.createdAt), desc(validationRuns.id))
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db.select({ total: count() }).from(validationRuns).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

export async function insertResults(db: Executor, rows: (typeof validationResults.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(validationResults).values(rows).onConflictDoNothing();
}

/** Forgets what an interrupted attempt wrote, so a retried job starts the run again from its first row. */
export async function deleteResults(db: Executor, clientId: string, runId: string) {
  await db
    .delete(validationResults)
    .where(inClient(validationResults, clientId, eq(validationResults.runId, runId)));
}

export async function listResultsPage(
  db: Executor,
  clientId: string,
  runId: string,
  page: { pageSize: number; pageNumber: number },
) {
  const where = inClient(validationResults, clientId, eq(validationResults.runId, runId));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(validationResults)
      .where(where)
      .orderBy(asc(validationResults.row))
      .limit(page.pageSize)
      .offset(page.pageSize * page.pageNumber),
    db.select({ total: count() }).from(validationResults).where(where),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** Results after a row, in input order (keyset: a download reads a million rows page by page). */
export async function resultsAfter(
  db: Executor,
  clientId: string,
  runId: string,
  afterRow: number,
  limit: number,
): Promise<ValidationResultRecord[]> {
  return db
    .select()
    .from(validationResults)
    .where(
      inClient(
        validationResults,
        clientId,
        eq(validationResults.runId, runId),
        gt(validationResults.row, afterRow),
      ),
    )
    .orderBy(asc(validationResults.row))
    .limit(limit);
}
