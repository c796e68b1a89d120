import type { ActivityLog, ApiMetricBatch, LogType, PageMetric } from '@sapa/contracts';
import { newId } from '../../lib/ids.js';
import type { Executor } from '../../platform/database.js';
import type { SessionContext } from '../../platform/request-context.js';
import {
  insertActivityLog,
  insertApiMetrics,
  insertPageMetric,
  listUsage,
  type PageRequest,
  type UsageKind,
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

/** Times go out as ISO text, as everywhere in the API. */
function presentRow(row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

export async function listUsagePage(
  db: Executor,
  kind: UsageKind,
  clientId: string | undefined,
  page: PageRequest,
  logType?: LogType,
) {
  const { items, total } = await listUsage(db, kind, clientId, page, logType);
  return { ...page, total, items: items.map(presentRow) };
}
