import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import { BatchStatusSchema, CampaignChannelSchema, NotificationStatusSchema } from './campaigns.schemas.js';

// Dispatch of a batch (decision 0028, "Dispatch"): pause, resume, cancel, retry failed; its progress and
// every attempt of a notification. The services decide who may (the channel's makers change, checkers see).
const tags = ['campaigns'];
const BatchParams = z.object({ batchId: z.string() });
const CampaignParams = z.object({ campaignId: z.string() });

export const BatchCountsSchema = z
  .partialRecord(NotificationStatusSchema, z.number().int())
  .describe('Notifications per status, derived from the rows');

export const BatchProgressSchema = z.object({
  batchId: z.string(),
  campaignId: z.string().nullable(),
  channel: CampaignChannelSchema,
  status: BatchStatusSchema,
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  counts: BatchCountsSchema,
  checkpoint: z
    .object({ counts: BatchCountsSchema, lastRowNo: z.number().int().nullable(), updatedAt: z.string() })
    .nullable()
    .describe("The dispatcher's last checkpoint (spec §7 'checkpoints')"),
});
export type BatchProgress = z.infer<typeof BatchProgressSchema>;

export const BatchControlResultSchema = z.object({
  batch: BatchProgressSchema,
  /** Notifications the action changed (canceled, queued again). */
  changed: z.number().int(),
});

export const CampaignControlResultSchema = z.object({
  batches: z.number().int().describe('Batches of the campaign the action changed'),
});

export const NotificationAttemptSchema = z.object({
  attempt: z.number().int(),
  channel: CampaignChannelSchema,
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  status: NotificationStatusSchema,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  chargedSeconds: z.number().int().nullable(),
});

export const CampaignNotificationAttemptsSchema = z.object({
  notificationId: z.string(),
  batchId: z.string(),
  rowNo: z.number().int(),
  recipient: z.string(),
  channel: CampaignChannelSchema,
  status: NotificationStatusSchema,
  attempts: z.array(NotificationAttemptSchema),
});

const batchAction = (action: string, summary: string) =>
  defineOperation({
    method: 'POST',
    path: `/api/campaign-batches/:batchId/${action}`,
    access: access.authenticated(),
    tags,
    summary,
    params: BatchParams,
    response: BatchControlResultSchema,
    errors: [403, 404, 409],
  });

const campaignAction = (action: string, summary: string) =>
  defineOperation({
    method: 'POST',
    path: `/api/campaigns/:campaignId/batches/${action}`,
    access: access.authenticated(),
    tags,
    summary,
    params: CampaignParams,
    response: CampaignControlResultSchema,
    errors: [403, 404],
  });

export const dispatchOperations = {
  pauseBatch: batchAction('pause', 'Pause a scheduled or running batch: its queued rows wait'),
  resumeBatch: batchAction('resume', 'Resume a paused batch'),
  cancelBatch: batchAction(
    'cancel',
    'Cancel a batch: its queued rows are canceled; rows already handed to the provider finish',
  ),
  retryFailedBatch: batchAction(
    'retry-failed',
    'Queue the failed notifications of a finished batch again, each with a new attempt',
  ),
  pauseCampaignBatches: campaignAction('pause', 'Pause every scheduled or running batch of a campaign'),
  resumeCampaignBatches: campaignAction('resume', 'Resume every paused batch of a campaign'),
  cancelCampaignBatches: campaignAction('cancel', 'Cancel every batch of a campaign that has not ended'),
  getBatchProgress: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches/:batchId/progress',
    access: access.authenticated(),
    tags,
    summary: "A batch's status, counts per notification status and last checkpoint",
    params: BatchParams,
    response: BatchProgressSchema,
    errors: [403, 404],
  }),
  getNotificationAttempts: defineOperation({
    method: 'GET',
    path: '/api/campaign-notifications/:notificationId/attempts',
    access: access.authenticated(),
    tags,
    summary:
      'Every attempt of one notification: provider, provider id, outcome, error, times, call durations',
    params: z.object({ notificationId: z.string() }),
    response: CampaignNotificationAttemptsSchema,
    errors: [403, 404],
  }),
};
