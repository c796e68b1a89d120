import { isId, newId } from '../../../lib/ids.js';
import {
  type Actor,
  hasRole,
  type Principal,
  principalOf,
  systemActor,
  type UserActor,
} from '../../../platform/actor.js';
import type { Database, Executor } from '../../../platform/database.js';
import { exportCustomersCsv } from '../../contacts/index.js';
import { CS_ADMINS, CS_SUPERVISORS } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { exportNotFound } from '../inbox.errors.js';
import { countRooms, listRoomRows, type RoomCursor } from '../rooms/rooms.repository.js';
import { type HistoryQuery, historyCsv, historyFilters } from '../rooms/rooms.service.js';
import type { CsRoomRow } from '../rooms/rooms.tables.js';
import {
  type ExportScope,
  findExport,
  insertExport,
  listExportRows,
  updateExport,
} from './exports.repository.js';
import type { CsExportRow } from './exports.tables.js';

export const INBOX_EXPORT_JOB = 'inbox.export';
export type ExportJobData = { clientId: string; exportId: string };

/** Who asked, stored with the request: the job acts on their behalf, in their scope (an agent exports only their own history). */
type Requester = Principal;

function toExport(row: Omit<CsExportRow, 'content' | 'clientId'>) {
  const progress =
    row.status === 'done' ? 100 : row.total ? Math.min(99, Math.floor((row.processed / row.total) * 100)) : 0;
  return {
    id: row.id,
    kind: row.kind,
    asType: row.asType,
    status: row.status,
    progress,
    total: row.total,
    processed: row.processed,
    fileName: row.fileName,
    error: row.error,
    request: row.request,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Records the request and queues its job; the answer shows it queued with progress 0. */
export async function requestExport(
  deps: InboxDeps,
  actor: UserActor,
  kind: CsExportRow['kind'],
  query: HistoryQuery & { asType?: string | undefined },
) {
  const requester: Requester = {
    role: actor.role,
    chatRole: actor.chatRole,
    csId: actor.csId,
    email: actor.email,
    userId: actor.userId,
  };
  const row = await insertExport(deps.db, {
    clientId: actor.clientId,
    id: newId(),
    kind,
    asType: query.asType ?? 'csv',
    status: 'queued',
    request: { query, requester },
    requestedBy: actor.email,
  });
  await deps.jobs?.send(
    INBOX_EXPORT_JOB,
    { clientId: actor.clientId, exportId: row.id } satisfies ExportJobData,
    {
      singletonKey: row.id,
    },
  );
  return toExport(row);
}

/** One kind's exports (`GET /exportChatroomHistory`, `/exportCustomer`), within the reader's scope. */
export async function listExports(
  db: Executor,
  actor: Actor,
  kind: CsExportRow['kind'],
  query: { pageNumber?: number | undefined; pageSize?: number | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = query.pageNumber ?? 1;
  const scope = exportScopeOf(actor);
  const { rows, total } = await listExportRows(
    db,
    actor.clientId,
    { ...scope, kinds: scope.kinds.filter((allowed) => allowed === kind) },
    { pageSize, offset: (Math.max(pageNumber, 1) - 1) * pageSize },
  );
  return { items: rows.map(toExport), total, pageNumber, pageSize };
}

/**
 * Which exports a reader sees on the exports page: customer exports only for the roles that may make
 * them; supervisors and admins see everyone's history exports, any other role only their own (an
 * agent's history export holds only their rooms, another agent's holds rooms they may not open).
 */
function exportScopeOf(actor: Actor): ExportScope {
  const kinds: CsExportRow['kind'][] = hasRole(actor, CS_ADMINS)
    ? ['chatroomHistory', 'customers']
    : ['chatroomHistory'];
  if (hasRole(actor, CS_SUPERVISORS)) return { kinds };
  // Without a person (an API key), no export carries its name: it sees none.
  return { kinds, requestedBy: principalOf(actor)?.email ?? '' };
}

/** Every export the reader may see, of every kind, newest first (the `/exports` page). */
export async function listAllExports(
  db: Executor,
  actor: Actor,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  const { rows, total } = await listExportRows(db, actor.clientId, exportScopeOf(actor), {
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { items: rows.map(toExport), total, pageNumber, pageSize };
}

/** One export with its progress; another client's, or one outside the reader's scope, is not found. */
/** A client's export the reader may see, or not found (another client's, or outside their scope). */
async function findVisibleExport(db: Executor, actor: Actor, id: string) {
  const row = isId(id) ? await findExport(db, actor.clientId, id) : null;
  const scope = exportScopeOf(actor);
  if (
    !row ||
    !scope.kinds.includes(row.kind) ||
    (scope.requestedBy !== undefined && row.requestedBy !== scope.requestedBy)
  )
    throw exportNotFound();
  return row;
}

/** One export with its progress. */
export async function getExport(db: Executor, actor: Actor, id: string) {
  const { content: _content, clientId: _clientId, ...rest } = await findVisibleExport(db, actor, id);
  return toExport(rest);
}

export async function getExportFile(db: Executor, actor: Actor, kind: CsExportRow['kind'], id: string) {
  const row = await findVisibleExport(db, actor, id);
  if (row.kind !== kind || row.status !== 'done' || row.content === null) throw exportNotFound();
  return { fileName: row.fileName ?? 'export.csv', content: row.content };
}

const BATCH = 500;

/**
 * Builds one export. Idempotent: a finished export is left as it is, and a retried one starts over,
 * writing the same file. Progress is saved after each batch.
 */
export async function runExport(db: Database, data: ExportJobData) {
  const row = await findExport(db, data.clientId, data.exportId);
  if (!row || row.status === 'done') return;
  const { query, requester } = row.request as { query: HistoryQuery; requester: Requester };
  const actor = systemActor(data.clientId, INBOX_EXPORT_JOB, requester);
  try {
    await updateExport(db, data.clientId, row.id, { status: 'running', processed: 0 });
    let content: string;
    let fileName: string;
    if (row.kind === 'customers') {
      const exported = await exportCustomersCsv(db, data.clientId);
      content = exported.content;
      fileName = 'customers.csv';
      await updateExport(db, data.clientId, row.id, { total: exported.records, processed: exported.records });
    } else {
      const filters = await historyFilters(db, actor, query);
      const available = await countRooms(db, data.clientId, filters);
      // pageSize -1 (or none) means every matching room.
      const limit = query.pageSize && query.pageSize > 0 ? Math.min(query.pageSize, available) : available;
      await updateExport(db, data.clientId, row.id, { total: limit });
      const rooms: CsRoomRow[] = [];
      let cursor: RoomCursor | null = null;
      while (rooms.length < limit) {
        const page = await listRoomRows(db, data.clientId, filters, {
          pageSize: Math.min(BATCH, limit - rooms.length),
          offset: 0,
          cursor,
          direction: 'desc',
        });
        const batch = page.slice(0, Math.min(BATCH, limit - rooms.length));
        if (batch.length === 0) break;
        rooms.push(...batch);
        const last = batch.at(-1)!;
        cursor = { createdAt: last.createdAt, id: last.id };
        await updateExport(db, data.clientId, row.id, { processed: rooms.length });
      }
      content = historyCsv(rooms);
      fileName = 'chatroom-history.csv';
    }
    await updateExport(db, data.clientId, row.id, {
      status: 'done',
      content,
      fileName,
      finishedAt: new Date(),
    });
  } catch (error) {
    await updateExport(db, data.clientId, row.id, {
      status: 'failed',
      error: error instanceof Error ? error.message : 'export failed',
      finishedAt: new Date(),
    });
  }
}
