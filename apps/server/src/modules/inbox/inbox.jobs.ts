import type { Database } from '../../platform/database.js';
import type { JobDefinition } from '../../platform/jobs.js';
import type { Realtime } from '../../platform/realtime/realtime.types.js';
import { type ExportJobData, INBOX_EXPORT_JOB, runExport } from './exports/exports.service.js';
import { AUTO_CLOSE_JOB, autoCloseIdleRooms } from './rooms/auto-close.js';

/** The inbox's background jobs: exports on request, auto-close every five minutes. */
export function inboxJobs(db: Database, realtime?: Realtime): JobDefinition<ExportJobData>[] {
  return [
    { name: INBOX_EXPORT_JOB, retryLimit: 2, handler: (data) => runExport(db, data) },
    {
      name: AUTO_CLOSE_JOB,
      cron: '*/5 * * * *',
      handler: async () => {
        await autoCloseIdleRooms({ db, realtime });
      },
    },
  ];
}
