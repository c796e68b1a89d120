import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import { CampaignChannelSchema, CampaignCodeSchema, NotificationStatusSchema } from './campaigns.schemas.js';

// The public API's notifications (issue 14 §13): tenants' systems call these with the client's API
// secret (`Authorization: Bearer <secret>`). The shapes are a promise to their code: change none.
const tags = ['public API'];

export const SendNotificationRequestSchema = z
  .object({
    channel: CampaignChannelSchema,
    to: z.string().trim().min(1, 'Give the recipient').max(320),
    text: z
      .string()
      .max(4096)
      .optional()
      .describe('SMS or Telegram text; an email plain-text part; a voice script'),
    subject: z.string().max(998).optional().describe('Email subject'),
    html: z.string().max(500_000).optional().describe('Email HTML body'),
    template: z
      .object({
        name: z
          .string()
          .regex(/^[a-z0-9_]{1,512}$/, 'A template name has lowercase letters, digits and underscores'),
        language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'A language code such as id or en_US'),
        parameters: z.array(z.string().max(1024)).max(100).default([]),
      })
      .optional()
      .describe('An approved WhatsApp template'),
    campaignCode: CampaignCodeSchema.optional().describe(
      "Send with this active campaign's template, window and retry plan; the fields given override its template",
    ),
    scheduledTime: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('Not before this time; now by default'),
  })
  .meta({
    example: { channel: 'SMS', to: '+6281234567890', text: 'Your code is 123456' },
  });
export type SendNotificationRequest = z.infer<typeof SendNotificationRequestSchema>;

/** The statuses a tenant reads: the notification's (a call also ends answered, busy or no_answer). */
export const SentNotificationSchema = z
  .object({ id: z.string(), status: NotificationStatusSchema })
  .meta({ example: { id: '0193e1c2-7b7a-7cc0-9b1e-5d7f2a9c4e10', status: 'queued' } });

export const PublicNotificationSchema = z
  .object({
    id: z.string(),
    channel: CampaignChannelSchema,
    to: z.string(),
    status: NotificationStatusSchema,
    createdAt: z.string(),
    attempts: z.array(
      z.object({
        attempt: z.number().int(),
        provider: z.string().nullable(),
        providerMessageId: z.string().nullable(),
        status: NotificationStatusSchema,
        error: z.object({ code: z.string(), message: z.string() }).nullable(),
        startedAt: z.string(),
        endedAt: z.string().nullable(),
        durationSeconds: z.number().int().optional(),
        chargedSeconds: z.number().int().optional(),
      }),
    ),
  })
  .meta({
    example: {
      id: '0193e1c2-7b7a-7cc0-9b1e-5d7f2a9c4e10',
      channel: 'SMS',
      to: '6281234567890',
      status: 'delivered',
      createdAt: '2026-11-26T01:00:00.000Z',
      attempts: [
        {
          attempt: 1,
          provider: 'sms',
          providerMessageId: 'sbx-sms-1f2e3d4c',
          status: 'delivered',
          error: null,
          startedAt: '2026-11-26T01:00:00.120Z',
          endedAt: '2026-11-26T01:00:02.300Z',
        },
      ],
    },
  });
export type PublicNotification = z.infer<typeof PublicNotificationSchema>;

export const notificationsApiOperations = {
  sendNotification: defineOperation({
    method: 'POST',
    path: '/api/v1/notifications',
    access: access.apiKey(),
    tags,
    summary:
      'Send one notification (a batch of one, or of the campaign named). The Idempotency-Key header is honoured for 24 hours: the same key answers the same notification and sends nothing more',
    headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
    body: SendNotificationRequestSchema,
    response: SentNotificationSchema,
    status: 202,
    errors: [400, 401, 403, 404, 409, 422],
  }),
  getNotification: defineOperation({
    method: 'GET',
    path: '/api/v1/notifications/:id',
    access: access.apiKey(),
    tags,
    summary: 'One notification with every attempt',
    params: z.object({ id: z.string() }),
    response: PublicNotificationSchema,
    errors: [401, 403, 404],
  }),
};
