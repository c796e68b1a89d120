import type { Database } from '../../platform/database.js';
import type { JobDefinition } from '../../platform/jobs.js';
import type { Realtime } from '../../platform/realtime/realtime.types.js';
import { AUTO_CLOSE_JOB, autoCloseIdleRooms } from './rooms/auto-close.js';

/** The inbox's background jobs: auto-close every five minutes (its exports run as the platform's). */
export function inboxJobs(db: Database, realtime?: Realtime): JobDefinition[] {
  return [
    {
      name: AUTO_CLOSE_JOB,
      cron: '*/5 * * * *',
      handler: async () => {
        await autoCloseIdleRooms({ db, realtime });
      },
    },
  ];
}
