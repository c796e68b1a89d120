import { z } from 'zod';
import { CampaignChannelSchema } from './campaigns.schemas.js';

/**
 * The campaigns' socket events, in the envelope of spec §3 (typeNotif, messageId, data, chat, chatroom),
 * one schema per `typeNotif`; the server publishes only these. They reach the client's admins and the
 * makers and checkers of the batch's channel (decision 0028, "Access").
 */
export const CAMPAIGN_EVENT_SCHEMAS = {
  /**
   * A running batch's progress: its notifications counted per status, and how many have ended
   * (`done`: no longer queued or sending) of `total`. At most about one a second per batch, and one
   * when it finishes.
   */
  BATCH_PROGRESS: z.object({
    typeNotif: z.literal('BATCH_PROGRESS'),
    messageId: z.null(),
    data: z.object({
      batchId: z.string(),
      campaignId: z.string().nullable(),
      channel: CampaignChannelSchema,
      status: z.string().describe('The batch status: running, paused, finished, …'),
      counts: z.record(z.string(), z.number().int()),
      done: z.number().int(),
      total: z.number().int(),
      lastRowNo: z.number().int().nullable(),
      at: z.string(),
    }),
    chat: z.null(),
    chatroom: z.null(),
  }),
};

export const CampaignEventSchema = z.discriminatedUnion('typeNotif', [CAMPAIGN_EVENT_SCHEMAS.BATCH_PROGRESS]);
/** One campaigns event exactly as the server sends it. */
export type CampaignEvent = z.infer<typeof CampaignEventSchema>;
export type BatchProgressEventData = CampaignEvent['data'];

/** Reads a socket event of the campaigns; null for another domain's event or one that does not fit. */
export function readCampaignEvent(frame: { typeNotif: string; data?: unknown }): CampaignEvent | null {
  if (frame.typeNotif !== 'BATCH_PROGRESS') return null;
  const parsed = CampaignEventSchema.safeParse({ messageId: null, chat: null, chatroom: null, ...frame });
  return parsed.success ? parsed.data : null;
}
