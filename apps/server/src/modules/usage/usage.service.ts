import type { ActivityLog, ApiMetricBatch, LogType, PageMetric } from '@sapa/contracts';
import { newId } from '../../lib/ids.js';
import { type Actor, requirePrincipal } from '../../platform/actor.js';
import type { Executor } from '../../platform/database.js';
import {
  insertActivityLog,
  insertApiMetrics,
  insertPageMetric,
  type PageRequest,
  type UsageKind,
  unsafeListUsage,
} from './usage.repository.js';

/** The batch's clientId fields are ignored: metrics always belong to the actor's client. */
export async function recordApiMetrics(db: Executor, actor: Actor, batch: ApiMetricBatch) {
  const person = requirePrincipal(actor);
  await insertApiMetrics(
    db,
    batch.apis.map((api) => ({
      clientId: actor.clientId,
      id: newId(),
      userId: person.userId,
      endpoint: api.endpoint,
      role: api.role ?? person.role,
      durationMs: api.duration,
      status: api.status,
    })),
  );
  return { saved: batch.apis.length };
}

export async function recordPageMetric(db: Executor, actor: Actor, metric: PageMetric) {
  const person = requirePrincipal(actor);
  await insertPageMetric(db, {
    clientId: actor.clientId,
    id: newId(),
    userId: person.userId,
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

export async function recordActivityLog(db: Executor, actor: Actor, log: ActivityLog) {
  await recordActivity(db, { clientId: actor.clientId, userId: requirePrincipal(actor).userId, ...log });
  return { saved: 1 };
}

/** Times go out as ISO text, as everywhere in the API. */
function presentRow(row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/** How usage lists learn who a user is (identity's, wired in the composition root). */
export type UsageUsers = {
  unsafeFindUserNames: (db: Executor, userIds: string[]) => Promise<Map<string, string>>;
};

export async function listUsagePage(
  db: Executor,
  users: UsageUsers,
  kind: UsageKind,
  clientId: string | undefined,
  page: PageRequest,
  logType?: LogType,
) {
  const { items, total } = await unsafeListUsage(db, kind, clientId, page, logType);
  // People read names, not ids: one batch for the page's users.
  const userIds = items.map((row) => row.userId).filter((id): id is string => typeof id === 'string');
  const names = await users.unsafeFindUserNames(db, userIds);
  return {
    ...page,
    total,
    items: items.map((row) => ({
      ...presentRow(row),
      userName: typeof row.userId === 'string' ? (names.get(row.userId) ?? null) : null,
    })),
  };
}
