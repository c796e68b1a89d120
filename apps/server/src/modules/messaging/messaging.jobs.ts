import type { JobDefinition } from '../../platform/jobs.js';
import {
  MAX_SEND_ATTEMPTS,
  type Messaging,
  SEND_JOB,
  type SendJobData,
  SWEEP_QUEUED_JOB,
} from './messaging.service.js';

export function messagingJobs(messaging: () => Messaging): JobDefinition<never>[] {
  const send: JobDefinition<SendJobData> = {
    name: SEND_JOB,
    retryLimit: MAX_SEND_ATTEMPTS,
    // The row is claimed from `queued` before the provider is called: a second run sends nothing.
    handler: (data) => messaging().runSendJob(data),
  };
  const sweep: JobDefinition = {
    name: SWEEP_QUEUED_JOB,
    cron: '* * * * *',
    // Takes rows whose job was lost; each is claimed before sending, so overlapping runs are safe.
    handler: async () => {
      await messaging().sweepQueued();
    },
  };
  return [send, sweep] as JobDefinition<never>[];
}
