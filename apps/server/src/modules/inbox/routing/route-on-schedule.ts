import type { Database } from '../../../platform/database.js';
import { unsafeListClientsWaitingOnSchedules } from '../availability/availability.repository.js';
import type { InboxDeps } from '../inbox.deps.js';
import { assignWaitingRooms } from './routing.service.js';

export const ROUTE_ON_SCHEDULE_JOB = 'inbox.route-on-schedule';

/**
 * Schedules open without anyone coming online: each minute, clients with a schedule and conversations
 * waiting get them routed to the agents now inside their schedule. Safe to run twice: a room is
 * claimed only while it is still queued. Answers how many rooms were assigned.
 */
export async function routeWaitingOnSchedules(deps: Pick<InboxDeps, 'realtime'> & { db: Database }) {
  let assigned = 0;
  for (const clientId of await unsafeListClientsWaitingOnSchedules(deps.db)) {
    assigned += await deps.db.transaction((tx) => assignWaitingRooms(deps, tx, clientId));
  }
  return assigned;
}
