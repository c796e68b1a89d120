import { randomBytes } from 'node:crypto';
import type { AgentStatus, ChatRole, RoleCode } from '@sapa/contracts';
import { decodeCursor, encodeCursor } from '../../../lib/cursor.js';
import { isId, newId } from '../../../lib/ids.js';
import { type Actor, actorLabel, chatRoleOf, csIdOf, principalOf } from '../../../platform/actor.js';
import { readCsvRecords, writeCsv } from '../../../platform/csv.js';
import type { Executor } from '../../../platform/database.js';
import { loadExcel } from '../../../platform/xlsx.js';
import {
  hashPassword,
  insertUser,
  listUserSummaries,
  unsafeFindUserByEmail,
  updateUserAgentLink,
} from '../../identity/index.js';
import type { InboxDeps } from '../inbox.deps.js';
import { agentExists, agentNotFound, emailInUse, invalidCursor, notAnAgent } from '../inbox.errors.js';
import { applyAgentStatus } from '../presence/presence.service.js';
import {
  type AgentKind,
  findAgent,
  insertAgent,
  lastLogTimes,
  listAgentRows,
  listAgentTags,
  listStatusLogs,
  renameAgentsByUser,
  updateAgent,
} from './agents.repository.js';
import type { CsAgentRow } from './agents.tables.js';

const USER_FOR_KIND: Record<AgentKind, { role: RoleCode; chatRole: ChatRole }> = {
  cs: { role: 'USC', chatRole: 'CS' },
  manager: { role: 'USV', chatRole: 'SPV' },
  internal: { role: 'USC', chatRole: 'INTERNAL' },
};

export type AgentInput = {
  name: string;
  email: string;
  tags?: string[] | undefined;
  activeBot?: boolean | undefined;
  botName?: string | null | undefined;
  csData?: Record<string, unknown> | undefined;
  percentageWeight?: number | undefined;
  capacity?: number | undefined;
};

type AgentUser = { name: string; lastLoginAt: Date | null };

/** The later of two moments, either of which may be missing. */
function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * An agent as the API shows it. With its user: the user's name (one name for the person
 * everywhere) and, as last log-in, the later of their sign-in and their last going online.
 */
export function toAgent(
  row: CsAgentRow,
  log?: { lastLogin: Date | null; lastLogout: Date | null },
  user?: AgentUser,
) {
  const name = user?.name ?? row.name;
  return {
    csId: row.id,
    id: row.id,
    kind: row.kind,
    userId: row.userId,
    name,
    csName: name,
    email: row.email,
    tags: row.tags,
    activeBot: row.activeBot,
    botName: row.botName,
    csData: row.csData,
    percentageWeight: row.percentageWeight,
    capacity: row.capacity,
    deactivated: row.deactivated,
    deleted: row.deleted,
    isDeleted: row.deleted,
    oneSignalId: row.oneSignalId,
    status: row.status,
    statusSince: row.statusSince.toISOString(),
    ...(log
      ? {
          lastLogin: latest(log.lastLogin, user?.lastLoginAt ?? null)?.toISOString() ?? null,
          lastLogout: log.lastLogout?.toISOString() ?? null,
        }
      : {}),
  };
}
export type Agent = ReturnType<typeof toAgent>;

export async function listAgents(
  db: Executor,
  actor: Actor,
  kind: AgentKind,
  query: {
    lastEvaluatedKey?: string | undefined;
    q?: string | undefined;
    pageSize?: number | undefined;
    fromForward?: boolean | undefined;
    excludeLog?: boolean | undefined;
    excludeSelf?: boolean | undefined;
  },
) {
  let afterId: string | undefined;
  if (query.lastEvaluatedKey) {
    const parts = decodeCursor(query.lastEvaluatedKey);
    const csId = parts?.csId;
    if (typeof csId !== 'string' || !isId(csId)) throw invalidCursor();
    afterId = csId;
  }
  const pageSize = query.pageSize ?? 10;
  const rows = await listAgentRows(db, actor.clientId, kind, {
    q: query.q,
    afterId,
    pageSize,
    activeOnly: query.fromForward,
    excludeCsId: query.fromForward || query.excludeSelf ? csIdOf(actor) : null,
  });
  const page = rows.slice(0, pageSize);
  const logs = query.excludeLog
    ? null
    : await lastLogTimes(
        db,
        actor.clientId,
        page.map((row) => row.id),
      );
  const people = await listUserSummaries(
    db,
    actor.clientId,
    page.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) =>
      toAgent(
        row,
        logs?.get(row.id) ?? (logs ? { lastLogin: null, lastLogout: null } : undefined),
        row.userId ? people.get(row.userId) : undefined,
      ),
    ),
    lastEvaluatedKey: rows.length > pageSize && last ? encodeCursor({ csId: last.id }) : null,
  };
}

export async function getAgentDetail(
  db: Executor,
  actor: Actor,
  by: { email?: string | undefined; csId?: string | undefined },
) {
  let row: CsAgentRow | null = null;
  if (by.csId) row = isId(by.csId) ? await findAgent(db, actor.clientId, { csId: by.csId }) : null;
  else if (by.email) row = await findAgent(db, actor.clientId, { email: by.email, kind: 'cs' });
  if (!row || row.deleted) throw agentNotFound();
  const logs = await lastLogTimes(db, actor.clientId, [row.id]);
  const people = await listUserSummaries(db, actor.clientId, row.userId ? [row.userId] : []);
  return toAgent(
    row,
    logs.get(row.id) ?? { lastLogin: null, lastLogout: null },
    row.userId ? people.get(row.userId) : undefined,
  );
}

/**
 * Every agent is a portal user (decision 0009): the user with this email in the client is linked
 * (its csId and chat role set), or a pending user is created for the agent to be activated later.
 */
async function linkOrCreateUser(
  tx: Executor,
  clientId: string,
  kind: AgentKind,
  csId: string,
  input: AgentInput,
) {
  const email = input.email.toLowerCase();
  const existing = await unsafeFindUserByEmail(tx, email);
  if (existing && existing.clientId !== clientId) throw emailInUse();
  const { role, chatRole } = USER_FOR_KIND[kind];
  if (existing) {
    await updateUserAgentLink(tx, clientId, existing.id, { csId, chatRole, name: input.name });
    return existing.id;
  }
  const user = await insertUser(tx, {
    clientId,
    id: newId(),
    name: input.name,
    email,
    // Nobody knows this password: the account is pending until an administrator activates it.
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    role,
    chatRole,
    csId,
    status: 'pending',
  });
  return user.id;
}

export async function createAgent(db: InboxDeps['db'], actor: Actor, kind: AgentKind, input: AgentInput) {
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await findAgent(tx, actor.clientId, { email, kind });
    if (existing && !existing.deleted) throw agentExists();
    const csId = existing?.id ?? newId();
    const userId = await linkOrCreateUser(tx, actor.clientId, kind, csId, input);
    const values = {
      name: input.name,
      email,
      userId,
      tags: input.tags ?? [],
      activeBot: input.activeBot ?? false,
      botName: input.botName ?? null,
      csData: input.csData ?? {},
      percentageWeight: input.percentageWeight ?? 100,
      capacity: input.capacity ?? 10,
      deactivated: false,
      deleted: false,
    };
    // A deleted agent added again comes back under the same csId, keeping its history.
    const row = existing
      ? await updateAgent(tx, actor.clientId, existing.id, values)
      : await insertAgent(tx, { clientId: actor.clientId, id: csId, kind, ...values });
    return toAgent(row!);
  });
}

export async function updateAgentByEmail(
  db: Executor,
  actor: Actor,
  kind: AgentKind,
  email: string,
  values: Partial<Omit<AgentInput, 'email'>> & {
    deactivated?: boolean | undefined;
    oneSignalId?: string | undefined;
  },
) {
  const row = await findAgent(db, actor.clientId, { email, kind });
  if (!row || row.deleted) throw agentNotFound();
  const patch = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  const updated = await updateAgent(db, actor.clientId, row.id, patch);
  // Renaming the agent renames the person: the header, history and lists show one name.
  if (values.name && row.userId)
    await updateUserAgentLink(db, actor.clientId, row.userId, { name: values.name });
  return toAgent(updated!);
}

/** Deactivates the agent; with `deleted` also removes them from lists and unlinks their user. */
export async function deleteAgent(
  db: InboxDeps['db'],
  actor: Actor,
  kind: AgentKind,
  email: string,
  deleted: boolean,
) {
  return db.transaction(async (tx) => {
    const row = await findAgent(tx, actor.clientId, { email, kind });
    if (!row || row.deleted) throw agentNotFound();
    const updated = await updateAgent(tx, actor.clientId, row.id, {
      deactivated: true,
      deleted,
      status: 'offline',
    });
    if (deleted && row.userId)
      await updateUserAgentLink(tx, actor.clientId, row.userId, { csId: null, chatRole: null });
    return toAgent(updated!);
  });
}

export async function setOneSignalId(db: Executor, actor: Actor, oneSignalId: string, email?: string) {
  const csId = csIdOf(actor);
  const row = email
    ? await findAgent(db, actor.clientId, { email, kind: 'cs' })
    : csId
      ? await findAgent(db, actor.clientId, { csId })
      : null;
  if (!row || row.deleted) throw agentNotFound();
  return toAgent((await updateAgent(db, actor.clientId, row.id, { oneSignalId }))!);
}

export async function getMyAgent(db: Executor, actor: Actor) {
  const csId = csIdOf(actor);
  const row = csId ? await findAgent(db, actor.clientId, { csId }) : null;
  if (!row || row.deleted) throw agentNotFound();
  return toAgent(row);
}

export async function listTagsOfAgents(db: Executor, actor: Actor) {
  return { tags: await listAgentTags(db, actor.clientId) };
}

/**
 * Changes the caller's status (chat role CS or SPV). Each change closes the previous interval, so
 * log-in/out times and time online come from the intervals. Going online takes waiting rooms; going
 * away or offline with `releaseRooms` hands every open room back to the queue.
 */
export async function changeAgentStatus(
  deps: InboxDeps,
  actor: Actor,
  status: AgentStatus,
  options: { releaseRooms?: boolean | undefined } = {},
) {
  const csId = csIdOf(actor);
  const chatRole = chatRoleOf(actor);
  if (!csId || (chatRole !== 'CS' && chatRole !== 'SPV')) throw notAnAgent();
  return deps.db.transaction(async (tx) => {
    const applied = await applyAgentStatus(deps, tx, actor.clientId, csId, status, {
      which: options.releaseRooms ? 'all' : 'none',
      by: `${actorLabel(actor)} went ${status}`,
    });
    if (!applied) throw agentNotFound();
    const current = await findAgent(tx, actor.clientId, { csId });
    return { status: current!.status, since: current!.statusSince.toISOString(), released: applied.released };
  });
}

export async function exportAgentsCsv(db: Executor, actor: Actor, kind: AgentKind) {
  const rows: CsAgentRow[] = [];
  let afterId: string | undefined;
  for (;;) {
    const page = await listAgentRows(db, actor.clientId, kind, { afterId, pageSize: 500 });
    rows.push(...page.slice(0, 500));
    if (page.length <= 500) break;
    afterId = page[499]!.id;
  }
  return writeCsv(
    rows.map((row) => ({
      csId: row.id,
      csName: row.name,
      email: row.email,
      tags: row.tags.join('|'),
      percentageWeight: row.percentageWeight,
      capacity: row.capacity,
      status: row.status,
      deactivated: row.deactivated,
    })),
    ['csId', 'csName', 'email', 'tags', 'percentageWeight', 'capacity', 'status', 'deactivated'],
  );
}

/** The agents' log-in/out intervals in a date range as an xlsx workbook, base64-encoded (spec §7). */
export async function exportAgentLogXlsx(
  db: Executor,
  actor: Actor,
  query: { csEmail?: string | undefined; startDate?: Date | undefined; endDate?: Date | undefined },
) {
  const agents = new Map<string, CsAgentRow>();
  if (query.csEmail) {
    const row = await findAgent(db, actor.clientId, { email: query.csEmail, kind: 'cs' });
    if (!row) throw agentNotFound();
    agents.set(row.id, row);
  } else {
    let afterId: string | undefined;
    for (;;) {
      const page = await listAgentRows(db, actor.clientId, 'cs', { afterId, pageSize: 500 });
      for (const row of page.slice(0, 500)) agents.set(row.id, row);
      if (page.length <= 500) break;
      afterId = page[499]!.id;
    }
  }
  const logs = await listStatusLogs(db, actor.clientId, {
    csIds: [...agents.keys()],
    from: query.startDate,
    to: query.endDate,
  });
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet('Log in-out');
  sheet.columns = [
    { header: 'CS name', key: 'name', width: 24 },
    { header: 'Email', key: 'email', width: 28 },
    { header: 'Status', key: 'status', width: 10 },
    { header: 'Start', key: 'start', width: 22 },
    { header: 'End', key: 'end', width: 22 },
    { header: 'Minutes', key: 'minutes', width: 10 },
  ];
  for (const log of logs) {
    const agent = agents.get(log.csId);
    const end = log.endedAt ?? null;
    sheet.addRow({
      name: agent?.name ?? '',
      email: agent?.email ?? '',
      status: log.status,
      start: log.startedAt,
      end,
      minutes: Math.round(((end ?? new Date()).getTime() - log.startedAt.getTime()) / 60_000),
    });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return { fileName: 'cs-log-in-out.xlsx', data: Buffer.from(buffer).toString('base64'), rows: logs.length };
}

export type ImportReport = {
  total: number;
  succeeded: number;
  failed: number;
  rows: { row: number; email: string | null; ok: boolean; error: string | null }[];
};

/** Creates agents from a CSV (csName or name, email, tags separated by '|', percentageWeight). */
export async function importAgents(db: InboxDeps['db'], actor: Actor, kind: AgentKind, file: Buffer) {
  // The whole file is read first: a malformed one answers 400 invalid_csv before any agent is created.
  const records: { row: number; record: Record<string, string> }[] = [];
  for await (const entry of readCsvRecords(file)) records.push(entry);
  const report: ImportReport = { total: records.length, succeeded: 0, failed: 0, rows: [] };
  for (const { row, record } of records) {
    const email = (record.email ?? '').trim();
    const name = (record.csName ?? record.name ?? '').trim();
    const weight = record.percentageWeight ? Number(record.percentageWeight) : undefined;
    let error: string | null = null;
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) error = 'email is not valid';
    else if (!name) error = 'name is required';
    else if (weight !== undefined && (!Number.isInteger(weight) || weight < 0 || weight > 100))
      error = 'percentageWeight must be a whole number from 0 to 100';
    if (!error) {
      try {
        await createAgent(db, actor, kind, {
          name,
          email,
          tags: record.tags
            ? record.tags
                .split('|')
                .map((tag) => tag.trim())
                .filter(Boolean)
            : [],
          percentageWeight: weight,
        });
      } catch (caught) {
        error = caught instanceof Error ? caught.message : 'could not be created';
      }
    }
    report.rows.push({ row, email: email || null, ok: !error, error });
    if (error) report.failed++;
    else report.succeeded++;
  }
  return report;
}

/** The agent's status for the session state (identity asks through a port wired in the app). */
export async function findAgentStatus(db: Executor, clientId: string, csId: string) {
  const row = await findAgent(db, clientId, { csId });
  return row && !row.deleted ? row.status : null;
}

/**
 * A portal user renamed themself or was renamed by an admin: their agent rows follow, so reports,
 * notes and transfers name them as the rest of the portal does (called inside the rename's transaction).
 */
export async function renameAgentsOfUser(db: Executor, clientId: string, userId: string, name: string) {
  await renameAgentsByUser(db, clientId, userId, name);
}

/** The name colleagues know someone by in the inbox: their agent's, else their portal user's. */
export async function colleagueName(db: Executor, actor: Actor) {
  const csId = csIdOf(actor);
  const agent = csId ? await findAgent(db, actor.clientId, { csId }) : null;
  return (
    agent?.name ??
    (actor.kind === 'user' ? actor.name : null) ??
    principalOf(actor)?.email ??
    actorLabel(actor)
  );
}
