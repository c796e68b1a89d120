import { pipeline, Readable } from 'node:stream';
import type { AuditEntry, AuditQuery } from '@sapa/contracts';
import { isId, newId } from '../../lib/ids.js';
import { type Actor, actorLabel, isSuperAdmin, principalOf } from '../actor.js';
import { csvStream } from '../csv.js';
import type { Executor } from '../database.js';
import { AppError } from '../errors.js';
import {
  type AuditFilter,
  insertAuditLog,
  unsafeIterateAuditLogs,
  unsafeListAuditLogs,
} from './audit.repository.js';
import type { AuditLogRow } from './audit.tables.js';

/** Who made a change (the caller as services take it) and from where; routes build it from the request (see `actorOf`). */
export type AuditActor = {
  actor: Actor;
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
export async function recordAudit(tx: Executor, by: AuditActor | null, change: AuditChange) {
  // A person is recorded by id and email; a job or an API key has no user id and is named by its label.
  const principal = by ? principalOf(by.actor) : null;
  await insertAuditLog(tx, {
    clientId: change.clientId,
    id: newId(),
    actorUserId: principal?.userId ?? null,
    actorEmail: by ? actorLabel(by.actor) : null,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    before: change.before ?? null,
    after: change.after ?? null,
    ip: by?.ip ?? null,
    userAgent: by?.userAgent?.slice(0, 500) ?? null,
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

/** Who reads the trail: the signed-in caller (a session or its actor both carry these). */
/**
 * Which client's rows the caller reads: a super admin any one or all of them; everyone else only the
 * client they act for (asking for another answers 404, as everywhere).
 */
function scopeOf(reader: Actor, clientId: string | undefined): string | undefined {
  if (isSuperAdmin(reader)) {
    if (clientId !== undefined && !isId(clientId)) throw notFoundClient();
    return clientId;
  }
  if (clientId !== undefined && clientId !== reader.clientId) throw notFoundClient();
  return reader.clientId;
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

export async function listAudit(db: Executor, reader: Actor, query: AuditQuery) {
  if (query.actorUserId !== undefined && !isId(query.actorUserId)) {
    return { pageSize: query.pageSize, pageNumber: query.pageNumber, total: 0, items: [] };
  }
  const { items, total } = await unsafeListAuditLogs(
    db,
    scopeOf(reader, query.clientId),
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
export function exportAuditCsv(db: Executor, reader: Actor, query: AuditQuery): Readable {
  const scope = scopeOf(reader, query.clientId);
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
