import type { JobDefinition } from '../../../../platform/jobs.js';
import type { DeliveryStatus } from '../../channel.ports.js';
import { SANDBOX_STATUS_JOB } from './sandbox-provider.js';
import {
  COPY_MEDIA_JOB,
  PROCESS_WEBHOOK_JOB,
  PRUNE_PENDING_STATUSES_JOB,
  REFRESH_NUMBER_JOB,
  SWEEP_WEBHOOKS_JOB,
  type WhatsappChannel,
} from './whatsapp.service.js';

export function whatsappJobs(whatsapp: () => WhatsappChannel): JobDefinition<never>[] {
  const copyMedia: JobDefinition<{ clientId: string; messageId: string }> = {
    name: COPY_MEDIA_JOB,
    // Webhook media ids live 7 days and their URLs 5 minutes: retry a few times, fetching a fresh URL each time.
    retryLimit: 5,
    // A message already copied is skipped: safe to run twice.
    handler: (data) => whatsapp().copyMedia(data),
  };
  const sandboxStatus: JobDefinition<{
    clientId: string;
    channelId: string;
    providerMessageId: string;
    status: DeliveryStatus;
    to: string;
  }> = {
    name: SANDBOX_STATUS_JOB,
    // Statuses only move forward, so a repeated one changes nothing: a batch retried whole is safe, and
    // a campaign's thousands of statuses never hold a conversation's ticks back.
    batchSize: 50,
    handler: (data) => whatsapp().runSandboxStatus(data),
  };
  const prunePendingStatuses: JobDefinition = {
    name: PRUNE_PENDING_STATUSES_JOB,
    cron: '41 3 * * *',
    // Deleting what is already gone is a no-op: safe to run twice.
    handler: async () => {
      await whatsapp().prunePendingStatuses();
    },
  };
  const processWebhook: JobDefinition<{ clientId: string; eventId: string }> = {
    name: PROCESS_WEBHOOK_JOB,
    retryLimit: 5,
    // Each batch records its progress in the ledger under a lock: a rerun continues, never repeats.
    handler: (data) => whatsapp().processWebhookEvent(data.clientId, data.eventId),
  };
  const sweepWebhooks: JobDefinition = {
    name: SWEEP_WEBHOOKS_JOB,
    cron: '* * * * *',
    // Picks up deliveries whose job or process was lost; processing is resumable, so safe to overlap.
    handler: async () => {
      await whatsapp().sweepWebhookEvents();
    },
  };
  const refreshNumber: JobDefinition<{ clientId: string; channelId: string }> = {
    name: REFRESH_NUMBER_JOB,
    // Failures are recorded on the number for the user to see and retry; a rerun reads again.
    handler: (data) => whatsapp().refreshNumber(data),
  };
  return [
    refreshNumber,
    copyMedia,
    sandboxStatus,
    prunePendingStatuses,
    processWebhook,
    sweepWebhooks,
  ] as JobDefinition<never>[];
}
