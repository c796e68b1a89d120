import { count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { inClient } from '../../platform/client-scope.js';
import type { Executor } from '../../platform/database.js';
import { type ApprovalTaskRow, approvalTasks } from './approvals.tables.js';

export async function insertTask(
  db: Executor,
  row: typeof approvalTasks.$inferInsert,
): Promise<ApprovalTaskRow> {
  const [inserted] = await db.insert(approvalTasks).values(row).returning();
  if (!inserted) throw new Error('Task insert returned no row');
  return inserted;
}

export async function findTask(
  db: Executor,
  clientId: string,
  taskId: string,
): Promise<ApprovalTaskRow | null> {
  const [row] = await db
    .select()
    .from(approvalTasks)
    .where(inClient(approvalTasks, clientId, eq(approvalTasks.id, taskId)));
  return row ?? null;
}

/**
 * Decides a pending task in one conditional statement. Of two checkers deciding at once, PostgreSQL
 * makes the second wait on the row lock, then re-checks `status = 'pending'`, finds it decided and
 * updates nothing: the change applies exactly once. A maker never matches their own task.
 */
export async function claimPendingTask(
  db: Executor,
  clientId: string,
  taskId: string,
  decision: {
    status: 'approved' | 'rejected';
    checkerUserId: string;
    checkerEmail: string;
    note: string | null;
  },
): Promise<ApprovalTaskRow | null> {
  const [row] = await db
    .update(approvalTasks)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(
      inClient(
        approvalTasks,
        clientId,
        eq(approvalTasks.id, taskId),
        eq(approvalTasks.status, 'pending'),
        ne(approvalTasks.makerUserId, decision.checkerUserId),
      ),
    )
    .returning();
  return row ?? null;
}

export async function setTaskResult(db: Executor, clientId: string, taskId: string, result: unknown) {
  await db
    .update(approvalTasks)
    .set({ result })
    .where(inClient(approvalTasks, clientId, eq(approvalTasks.id, taskId)));
}

export async function listTasks(
  db: Executor,
  clientId: string,
  filter: {
    status?: 'pending' | 'approved' | 'rejected' | undefined;
    makerUserId?: string | undefined;
    types?: readonly string[] | undefined;
    channel?: string | undefined;
  },
  page: { pageSize: number; pageNumber: number },
) {
  const where: SQL | undefined = inClient(
    approvalTasks,
    clientId,
    filter.status ? eq(approvalTasks.status, filter.status) : undefined,
    filter.makerUserId ? eq(approvalTasks.makerUserId, filter.makerUserId) : undefined,
    filter.types && filter.types.length > 0 ? inArray(approvalTasks.type, [...filter.types]) : undefined,
    filter.channel ? eq(approvalTasks.channel, filter.channel) : undefined,
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(approvalTasks)
      .where(where)
      .orderBy(desc(approvalTasks.createdAt), desc(approvalTasks.id))
      .limit(page.pageSize)
      .offset(page.pageNumber * page.pageSize),
    db.select({ value: count() }).from(approvalTasks).where(where),
  ]);
  return { items, total: total?.value ?? 0 };
}
