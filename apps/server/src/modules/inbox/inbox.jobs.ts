import type { Database } from '../../platform/database.js';
import type { JobDefinition } from '../../platform/jobs.js';
import type { Realtime } from '../../platform/realtime/realtime.types.js';
import { AUTO_CLOSE_JOB, autoCloseIdleRooms } from './rooms/auto-close.js';
import { ROUTE_ON_SCHEDULE_JOB, routeWaitingOnSchedules } from './routing/route-on-schedule.js';

/**
 * The inbox's background jobs: auto-close every five minutes, routing of conversations that waited for
 * a schedule to open every minute (its exports run as the platform's).
 */
export function inboxJobs(db: Database, realtime?: Realtime): JobDefinition[] {
  return [
    {
      name: AUTO_CLOSE_JOB,
      cron: '*/5 * * * *',
      handler: async () => {
        await autoCloseIdleRooms({ db, realtime });
      },
    },
    {
      name: ROUTE_ON_SCHEDULE_JOB,
      cron: '* * * * *',
      handler: async () => {
        await routeWaitingOnSchedules({ db, realtime });
      },
    },
  ];
}
