import type { StatusMessageFilters } from '@sapa/contracts';
import { type Actor, hasRole, requireUser } from '../../../platform/actor.js';
import type { CsvRecord } from '../../../platform/csv.js';
import type { Database, Executor } from '../../../platform/database.js';
import type { ExportProducer, Exports } from '../../../platform/exports/index.js';
import { requireChannelReportAccess } from '../campaigns.access.js';
import { resolveLocalDays } from '../local-days.js';
import {
  listStatusMessageRows,
  listStatusMessagesAfter,
  type StatusMessageCursor,
  type StatusMessageRow,
  type StatusMessageWhere,
} from './status-messages.repository.js';

export const STATUS_MESSAGES_EXPORT = 'campaignStatusMessages';
/** A range longer than a year is refused: the screen is for following sends, not for archives. */
const MAX_DAYS = 366;

async function resolveFilters(
  db: Executor,
  clientId: string,
  filters: StatusMessageFilters,
): Promise<StatusMessageWhere> {
  const { sort: _sort, startDate, endDate, ...rest } = filters;
  return { ...rest, days: await resolveLocalDays(db, clientId, { startDate, endDate }, MAX_DAYS) };
}

export function toStatusMessage(row: StatusMessageRow) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A channel's notifications with their latest status (spec §7 "status messages"), a page at a time. */
export async function listStatusMessages(
  db: Executor,
  actor: Actor,
  query: StatusMessageFilters & { pageSize: number; pageNumber: number },
) {
  await requireChannelReportAccess(db, actor, query.channel);
  const { pageSize, pageNumber, ...filters } = query;
  const { rows, total } = await listStatusMessageRows(
    db,
    actor.clientId,
    await resolveFilters(db, actor.clientId, filters),
    {
      sort: filters.sort,
      limit: pageSize,
      offset: pageNumber * pageSize,
    },
  );
  return { items: rows.map(toStatusMessage), total, pageSize, pageNumber };
}

export const STATUS_MESSAGE_COLUMNS = [
  'notificationId',
  'batchId',
  'campaignCode',
  'campaignName',
  'channel',
  'recipient',
  'status',
  'attempts',
  'providerMessageId',
  'errorCode',
  'errorMessage',
  'createdAt',
  'dueAt',
  'sentAt',
  'deliveredAt',
  'readAt',
  'updatedAt',
] as const;

const PAGE = 1000;

/** Every status message the filters select as CSV records, read a page at a time (exports). */
export async function* statusMessageRecords(
  db: Executor,
  clientId: string,
  where: StatusMessageWhere,
  sort: 'newest' | 'oldest',
): AsyncGenerator<CsvRecord> {
  let cursor: StatusMessageCursor | null = null;
  for (;;) {
    const rows = await listStatusMessagesAfter(db, clientId, where, { sort, limit: PAGE, cursor });
    for (const row of rows) {
      const { campaignId: _campaignId, ...record } = toStatusMessage(row);
      yield record satisfies CsvRecord;
    }
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!;
    cursor = { createdAt: last.createdAt, id: last.notificationId };
  }
}

/**
 * Status messages as an export kind: the requester's filters, read again by the job as them (their
 * access is checked again there). The client's admins see every such export, anyone else their own.
 */
export function statusMessagesExportProducer(): ExportProducer {
  return {
    columns: STATUS_MESSAGE_COLUMNS,
    fileName: 'status-messages.csv',
    visibility: (actor) => (hasRole(actor, ['SAD', 'ADC', 'ADB']) ? 'all' : 'own'),
    async *rows({ db, actor, request }) {
      const filters = request as StatusMessageFilters;
      await requireChannelReportAccess(db, actor, filters.channel);
      const where = await resolveFilters(db, actor.clientId, filters);
      yield* statusMessageRecords(db, actor.clientId, where, filters.sort);
    },
  };
}

/** Requests an export of what the filters select; the answer shows it queued. */
export async function requestStatusMessagesExport(
  db: Database,
  exports: Exports,
  actor: Actor,
  filters: StatusMessageFilters,
) {
  await requireChannelReportAccess(db, actor, filters.channel);
  // Checked now, so a bad range is a 400 here rather than a failed export later.
  await resolveFilters(db, actor.clientId, filters);
  return exports.request(requireUser(actor), STATUS_MESSAGES_EXPORT, filters);
}
