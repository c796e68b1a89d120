import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { pageOf } from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { CampaignChannelSchema, NotificationStatusSchema } from './campaigns.schemas.js';
import { SendNotificationRequestSchema } from './notifications-api.operations.js';

// Spec §1, §2 (each channel's "self-service (send, history-self-service)"), role USO: one message or a
// small list sent from the portal, dispatched like any batch (windows none, blacklist, attempts).
const tags = ['campaigns'];
/** A self-service send is for a few people; a larger list is a campaign upload. */
export const SELF_SERVICE_MAX_RECIPIENTS = 100;

export const SelfServiceSendSchema = SendNotificationRequestSchema.omit({
  to: true,
  campaignCode: true,
}).extend({
  recipients: z
    .array(z.string().trim().min(1, 'A recipient is empty').max(320))
    .min(1, 'Give at least one recipient')
    .max(SELF_SERVICE_MAX_RECIPIENTS, `Give at most ${SELF_SERVICE_MAX_RECIPIENTS} recipients`),
});
export type SelfServiceSend = z.infer<typeof SelfServiceSendSchema>;

export const SelfServiceSentSchema = z.object({
  batchId: z.string(),
  status: z.enum(['scheduled', 'running']),
  recipients: z.number().int().describe('Distinct recipients queued (a number given twice is sent once)'),
});

export const SelfServiceHistoryQuerySchema = z.object({
  channel: CampaignChannelSchema.optional(),
  startDate: z.iso.date('A date is YYYY-MM-DD').optional().describe("Today by default, in the client's zone"),
  endDate: z.iso.date('A date is YYYY-MM-DD').optional(),
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  pageNumber: z.coerce.number().int().min(0).default(0),
});

export const SelfServiceMessageSchema = z.object({
  notificationId: z.string(),
  batchId: z.string(),
  channel: CampaignChannelSchema,
  recipient: z.string(),
  status: NotificationStatusSchema,
  preview: z.string().describe('The text, subject or template name sent'),
  sentBy: z.string(),
  errorCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const SelfServiceHistoryPageSchema = pageOf(SelfServiceMessageSchema);

export const selfServiceOperations = {
  sendSelfService: defineOperation({
    method: 'POST',
    path: '/api/self-service/messages',
    access: access.authenticated(),
    tags,
    summary: `Send one message or a list of up to ${SELF_SERVICE_MAX_RECIPIENTS} recipients on a channel the client has (self-service senders and admins)`,
    body: SelfServiceSendSchema,
    response: SelfServiceSentSchema,
    status: 202,
    errors: [400, 403, 422],
  }),
  selfServiceHistory: defineOperation({
    method: 'GET',
    path: '/api/self-service/history',
    access: access.authenticated(),
    tags,
    summary: "Self-service messages, newest first: the sender's own; the client's admins see everyone's",
    query: SelfServiceHistoryQuerySchema,
    response: SelfServiceHistoryPageSchema,
    errors: [400, 403],
  }),
};
