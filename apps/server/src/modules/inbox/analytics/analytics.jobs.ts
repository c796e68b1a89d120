import type { Database } from '../../../platform/database.js';
import type { JobDefinition } from '../../../platform/jobs.js';
import type { Mailer } from '../../../platform/mail/index.js';
import {
  EMAIL_PULSE_SEND_JOB,
  EMAIL_PULSE_TICK_JOB,
  type EmailPulseSendData,
  scheduleDueEmailPulses,
  sendEmailPulse,
} from './email-pulse.service.js';

/**
 * Email pulse: a tick every minute queues the digests that are due, and each digest is its own job
 * (retried alone when the mail server refuses it).
 */
export function analyticsJobs(deps: {
  db: Database;
  mailer: Mailer;
  send: (name: string, data: object, options?: { singletonKey?: string }) => Promise<unknown>;
}): JobDefinition<never>[] {
  const tick: JobDefinition = {
    name: EMAIL_PULSE_TICK_JOB,
    cron: '* * * * *',
    retryLimit: 0,
    handler: async () => {
      await scheduleDueEmailPulses(deps.db, (data) =>
        deps.send(EMAIL_PULSE_SEND_JOB, data, { singletonKey: `${data.pulseId}:${data.runAt}` }),
      );
    },
  };
  const send: JobDefinition<EmailPulseSendData> = {
    name: EMAIL_PULSE_SEND_JOB,
    handler: async (data) => {
      await sendEmailPulse(deps.db, deps.mailer, data);
    },
  };
  return [tick, send] as JobDefinition<never>[];
}
