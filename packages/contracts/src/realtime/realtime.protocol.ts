import { z } from 'zod';
import type { CampaignEvent } from '../campaigns/campaigns.events.js';
import type { InboxEvent } from '../inbox/inbox.events.js';
import type { OtpCountersEvent } from '../otp/otp.events.js';

/**
 * The live socket's wire protocol (`/ws`), shared by the server and the web.
 *
 * The access token travels in the first frame, never in the URL, so it does not end up in logs.
 * Every event carries a per-client sequence number; a client that reconnects sends the last one it
 * saw and the server replays everything after it before going live, so nothing is missed.
 */
export const REALTIME_PATH = '/ws';

/** Reconnection defaults of spec §9. */
export const REALTIME_RECONNECT = {
  maxReconnectionDelay: 10_000,
  minReconnectionDelay: 1_000 + Math.random() * 4_000,
  reconnectionDelayGrowFactor: 1.3,
  connectionTimeout: 4_000,
  maxRetries: 10,
  minUptime: 5_000,
  maxEnqueuedMessages: 10,
} as const;

export const RealtimeHelloSchema = z.object({
  type: z.literal('hello'),
  token: z.string().min(1),
  /** The last sequence number this client saw; null on a first connection. */
  lastSeq: z.number().int().nonnegative().nullable(),
});
export type RealtimeHello = z.infer<typeof RealtimeHelloSchema>;

/**
 * What the server may publish: every domain's events (`<domain>.events.ts`), each a discriminated union
 * on `typeNotif`: the inbox's, the campaigns' and the OTP dashboard's counters.
 */
export type RealtimePayload = InboxEvent | CampaignEvent | OtpCountersEvent;

/**
 * A socket message of spec §3: typeNotif, messageId, data, chat, chatroom — plus its sequence. The
 * envelope is read loosely (the sequence must advance whatever the event); a reader narrows the event
 * with its domain's schemas (`readInboxEvent`).
 */
export const RealtimeEventSchema = z.object({
  type: z.literal('event'),
  seq: z.number().int().positive(),
  typeNotif: z.string(),
  messageId: z.string().nullable(),
  data: z.unknown(),
  chat: z.unknown().nullable(),
  chatroom: z.unknown().nullable(),
});
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;

export const RealtimeServerMessageSchema = z.discriminatedUnion('type', [
  /** Authenticated; replay (if any) follows, then live events. `seq` is the newest sequence now. */
  z.object({ type: z.literal('ready'), seq: z.number().int().nonnegative() }),
  RealtimeEventSchema,
  /** The gap is too old to replay: the client must refetch its lists, then continue from `seq`. */
  z.object({ type: z.literal('reset'), seq: z.number().int().nonnegative() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type RealtimeServerMessage = z.infer<typeof RealtimeServerMessageSchema>;

/** Close codes: the web stops reconnecting on these and lets the session logic decide. */
export const REALTIME_CLOSE = {
  unauthenticated: 4401,
  sessionEnded: 4403,
} as const;
