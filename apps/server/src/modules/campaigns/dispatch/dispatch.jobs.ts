import type { JobDefinition } from '../../../platform/jobs.js';
import { DISPATCH_JOB, type Dispatcher } from './dispatch.service.js';

/** The dispatcher runs this long per job; the cron starts the next one every minute. */
const RUN_MS = 55_000;

export function dispatchJobs(dispatcher: () => Dispatcher): JobDefinition<never>[] {
  const dispatch: JobDefinition = {
    name: DISPATCH_JOB,
    cron: '* * * * *',
    // Claims skip rows other workers hold and leases expire: overlapping runs and reruns are safe.
    retryLimit: 0,
    handler: () => dispatcher().run(RUN_MS),
  };
  return [dispatch] as JobDefinition<never>[];
}
