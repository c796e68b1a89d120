import type { Database } from '../../platform/database.js';
import type { JobDefinition } from '../../platform/jobs.js';
import { purgeExpiredAuth } from './identity.service.js';

export const PURGE_EXPIRED_AUTH_JOB = 'identity.purge-expired-auth';

export function identityJobs(db: Database): JobDefinition[] {
  return [
    {
      name: PURGE_EXPIRED_AUTH_JOB,
      cron: '17 * * * *',
      // Deleting what is already gone is a no-op: safe to run twice.
      handler: async () => {
        await purgeExpiredAuth(db);
      },
    },
  ];
}
