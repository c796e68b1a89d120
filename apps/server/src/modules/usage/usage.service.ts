import type { ActivityLog, ApiMetricBatch, LogType, PageMetric } from '@sapa/contracts';
import { newId } from '../../lib/ids.js';
import type { Executor } from '../../platform/database.js';
import type { SessionContext } from '../../platform/request-context.js';
import {
  insertActivityLog,
  insertApiMetrics,
  insertPageMetric,
  listActivityLogs,
  listApiMetrics,
  listPageMetrics,
  type PageRequest,
} from './usage.repository.js';

/** The batch's clientId fields are ignored: metrics always belong to the session's client. */
export async function recordApiMetrics(db: Executor, session: SessionContext, batch: ApiMetricBatch) {
  await insertApiMetrics(
    db,
    batch.apis.map((api) => ({
      clientId: session.clientId,
      id: newId(),
      userId: session.userId,
      endpoint: api.endpoint,
      role: api.role ?? session.role,
      durationMs: api.duration,
      status: api.status,
    })),
  );
  return { saved: batch.apis.length };
}

export async function recordPageMetric(db: Executor, session: SessionContext, metric: PageMetric) {
  await insertPageMetric(db, {
    clientId: session.clientId,
    id: newId(),
    userId: session.userId,
    pageName: metric.pageName,
    startTime: new Date(metric.startTime),
    endTime: new Date(metric.endTime),
  });
  return { saved: 1 };
}

export async function recordActivity(
  db: Executor,
  entry: { clientId: string; userId: string | null; type: LogType; event: string; result: string },
) {
  await insertActivityLog(db, { id: newId(), ...entry });
}

export async function recordActivityLog(db: Executor, session: SessionContext, log: ActivityLog) {
  await recordActivity(db, { clientId: session.clientId, userId: session.userId, ...log });
  return { saved: 1 };
}

const iso = (value: Date) => value.toISOString();

export async function listApiMetricsPage(db: Executor, clientId: string | undefined, page: PageRequest) {
  const { items, total } = await listApiMetrics(db, clientId, page);
  return {
    ...page,
    total,
    items: items.map((row) => ({
      id: row.id,
      clientId: row.clientId,
      userId: row.userId,
      endpoint: row.endpoint,
      role: row.role,
      duration: row.durationMs,
      status: row.status,
      createdAt: iso(row.createdAt),
    })),
  };
}

export async function listPageMetricsPage(db: Executor, clientId: string | undefined, page: PageRequest) {
  const { items, total } = await listPageMetrics(db, clientId, page);
  return {
    ...page,
    total,
    items: items.map((row) => ({
      id: row.id,
      clientId: row.clientId,
      userId: row.userId,
      pageName: row.pageName,
      startTime: row.startTime.getTime(),
      endTime: row.endTime.getTime(),
      createdAt: iso(row.createdAt),
    })),
  };
}

export async function listActivityLogsPage(
  db: Executor,
  clientId: string | undefined,
  page: PageRequest,
  type?: LogType,
) {
  const { items, total } = await listActivityLogs(db, clientId, page, type);
  return {
    ...page,
    total,
    items: items.map((row) => ({
      id: row.id,
      clientId: row.clientId,
      userId: row.userId,
      type: row.type,
      event: row.event,
      result: row.result,
      createdAt: iso(row.createdAt),
    })),
  };
}
