import { pipeline, Readable } from 'node:stream';
import type { AuditEntry, AuditQuery } from '@sapa/contracts';
import { isId, newId } from '../../lib/ids.js';
import { csvStream } from '../csv.js';
import type { Executor } from '../database.js';
import { AppError } from '../errors.js';
import type { SessionContext } from '../request-context.js';
import {
  type AuditFilter,
  insertAuditLog,
  unsafeIterateAuditLogs,
  unsafeListAuditLogs,
} from './audit.repository.js';
import type { AuditLogRow } from './audit.tables.js';

/** Who made a change and from where; routes build it from the request (see `actorOf`). */
export type Actor = {
  session: SessionContext;
  ip: string | null;
  userAgent: string | null;
};

export type AuditChange = {
  /** The client whose data changed: the row is visible to that client's admins. */
  clientId: string;
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
};

/** Records one change. Call it with the transaction that makes the change, so both happen or neither. */
export async function recordAudit(tx: Executor, actor: Actor | null, change: AuditChange) {
  await insertAuditLog(tx, {
    clientId: change.clientId,
    id: newId(),
    actorUserId: actor?.session.userId ?? null,
    actorEmail: actor?.session.email ?? null,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    before: change.before ?? null,
    after: change.after ?? null,
    ip: actor?.ip ?? null,
    userAgent: actor?.userAgent?.slice(0, 500) ?? null,
  });
}

function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    clientId: row.clientId,
    actorUserId: row.actorUserId,
    actorEmail: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
  };
}

const notFoundClient = () => new AppError(404, 'client_not_found', 'Client not found');

/**
 * Which client's rows the caller reads: a super admin any one or all of them; everyone else only the
 * client the session acts for (asking for another answers 404, as everywhere).
 */
function scopeOf(session: SessionContext, clientId: string | undefined): string | undefined {
  if (session.role === 'SAD') {
    if (clientId !== undefined && !isId(clientId)) throw notFoundClient();
    return clientId;
  }
  if (clientId !== undefined && clientId !== session.clientId) throw notFoundClient();
  return session.clientId;
}

function filterOf(query: AuditQuery): AuditFilter {
  return {
    action: query.action,
    entityType: query.entityType,
    entityId: query.entityId,
    actorUserId: query.actorUserId && isId(query.actorUserId) ? query.actorUserId : undefined,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  };
}

export async function listAudit(db: Executor, session: SessionContext, query: AuditQuery) {
  if (query.actorUserId !== undefined && !isId(query.actorUserId)) {
    return { pageSize: query.pageSize, pageNumber: query.pageNumber, total: 0, items: [] };
  }
  const { items, total } = await unsafeListAuditLogs(
    db,
    scopeOf(session, query.clientId),
    filterOf(query),
    query,
  );
  return { pageSize: query.pageSize, pageNumber: query.pageNumber, total, items: items.map(toAuditEntry) };
}

export const AUDIT_CSV_COLUMNS = [
  'createdAt',
  'clientId',
  'actorEmail',
  'actorUserId',
  'action',
  'entityType',
  'entityId',
  'before',
  'after',
  'ip',
  'userAgent',
] as const;

/** The filtered audit trail as CSV, streamed batch by batch. */
export function exportAuditCsv(db: Executor, session: SessionContext, query: AuditQuery): Readable {
  const scope = scopeOf(session, query.clientId);
  const filter = filterOf(query);
  const noActorMatch = query.actorUserId !== undefined && !isId(query.actorUserId);
  async function* records() {
    if (noActorMatch) return;
    for await (const batch of unsafeIterateAuditLogs(db, scope, filter)) {
      for (const row of batch) {
        const entry = toAuditEntry(row);
        yield {
          ...entry,
          before: entry.before === null ? '' : JSON.stringify(entry.before),
          after: entry.after === null ? '' : JSON.stringify(entry.after),
        };
      }
    }
  }
  // `pipeline`, not `pipe`: a failing query destroys the returned stream with the error, which its
  // reader (Fastify ends the response and logs it) handles; `pipe` left it unhandled and ended the process.
  return pipeline(Readable.from(records()), csvStream(AUDIT_CSV_COLUMNS), () => {});
}
