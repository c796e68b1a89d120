import { and, desc, eq, ilike, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { inClient } from '../../../platform/client-scope.js';
import type { Executor } from '../../../platform/database.js';
import { type CsAgentRow, csAgentStatusLogs, csAgents } from './agents.tables.js';

export type AgentKind = CsAgentRow['kind'];

export async function listAgentRows(
  db: Executor,
  clientId: string,
  kind: AgentKind,
  options: {
    q?: string;
    afterId?: string;
    pageSize: number;
    activeOnly?: boolean;
    excludeCsId?: string | null;
  },
) {
  const pattern = options.q ? `%${options.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select()
    .from(csAgents)
    .where(
      inClient(
        csAgents,
        clientId,
        eq(csAgents.kind, kind),
        eq(csAgents.deleted, false),
        pattern ? or(ilike(csAgents.name, pattern), ilike(csAgents.email, pattern)) : undefined,
        options.afterId ? lt(csAgents.id, options.afterId) : undefined,
        options.activeOnly ? eq(csAgents.deactivated, false) : undefined,
        options.excludeCsId ? ne(csAgents.id, options.excludeCsId) : undefined,
      ),
    )
    .orderBy(desc(csAgents.id))
    .limit(options.pageSize + 1);
}

export async function findAgent(
  db: Executor,
  clientId: string,
  by: { csId: string } | { email: string; kind: AgentKind },
): Promise<CsAgentRow | null> {
  const [row] = await db
    .select()
    .from(csAgents)
    .where(
      inClient(
        csAgents,
        clientId,
        'csId' in by
          ? eq(csAgents.id, by.csId)
          : and(eq(csAgents.email, by.email.toLowerCase()), eq(csAgents.kind, by.kind)),
      ),
    );
  return row ?? null;
}

export async function insertAgent(db: Executor, row: typeof csAgents.$inferInsert): Promise<CsAgentRow> {
  const [inserted] = await db.insert(csAgents).values(row).returning();
  return inserted!;
}

export async function renameAgentsByUser(db: Executor, clientId: string, userId: string, name: string) {
  await db
    .update(csAgents)
    .set({ name, updatedAt: sql`now()` })
    .where(inClient(csAgents, clientId, eq(csAgents.userId, userId)));
}

export async function updateAgent(
  db: Executor,
  clientId: string,
  csId: string,
  values: Partial<typeof csAgents.$inferInsert>,
): Promise<CsAgentRow | null> {
  const [row] = await db
    .update(csAgents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(inClient(csAgents, clientId, eq(csAgents.id, csId)))
    .returning();
  return row ?? null;
}

export async function listAgentTags(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db.execute<{ tag: string }>(
    sql`select distinct unnest(${csAgents.tags}) as tag from ${csAgents}
        where ${inClient(csAgents, clientId)} and ${csAgents.kind} = 'cs' and not ${csAgents.deleted}
        order by 1`,
  );
  return rows.rows.map((row) => row.tag);
}

/** Closes the agent's open status interval and opens one for the new status. */
export async function recordStatusChange(
  db: Executor,
  clientId: string,
  csId: string,
  status: string,
  id: string,
) {
  await db
    .update(csAgentStatusLogs)
    .set({ endedAt: sql`now()` })
    .where(
      inClient(
        csAgentStatusLogs,
        clientId,
        eq(csAgentStatusLogs.csId, csId),
        isNull(csAgentStatusLogs.endedAt),
      ),
    );
  await db.insert(csAgentStatusLogs).values({ clientId, id, csId, status });
}

export async function listStatusLogs(
  db: Executor,
  clientId: string,
  options: { csIds?: string[]; from?: Date; to?: Date },
) {
  return db
    .select()
    .from(csAgentStatusLogs)
    .where(
      inClient(
        csAgentStatusLogs,
        clientId,
        options.csIds ? inArray(csAgentStatusLogs.csId, options.csIds) : undefined,
        options.to ? lt(csAgentStatusLogs.startedAt, options.to) : undefined,
        options.from
          ? or(isNull(csAgentStatusLogs.endedAt), sql`${csAgentStatusLogs.endedAt} >= ${options.from}`)
          : undefined,
      ),
    )
    .orderBy(csAgentStatusLogs.csId, csAgentStatusLogs.startedAt);
}

/** Last log-in (start of an online interval) and log-out (start of an offline one) per agent. */
export async function lastLogTimes(db: Executor, clientId: string, csIds: string[]) {
  if (csIds.length === 0) return new Map<string, { lastLogin: Date | null; lastLogout: Date | null }>();
  const rows = await db
    .select({
      csId: csAgentStatusLogs.csId,
      lastLogin: sql<
        string | null
      >`max(${csAgentStatusLogs.startedAt}) filter (where ${csAgentStatusLogs.status} = 'online')`,
      lastLogout: sql<
        string | null
      >`max(${csAgentStatusLogs.startedAt}) filter (where ${csAgentStatusLogs.status} = 'offline')`,
    })
    .from(csAgentStatusLogs)
    .where(inClient(csAgentStatusLogs, clientId, inArray(csAgentStatusLogs.csId, csIds)))
    .groupBy(csAgentStatusLogs.csId);
  return new Map(
    rows.map((row) => [
      row.csId,
      {
        lastLogin: row.lastLogin ? new Date(row.lastLogin) : null,
        lastLogout: row.lastLogout ? new Date(row.lastLogout) : null,
      },
    ]),
  );
}
