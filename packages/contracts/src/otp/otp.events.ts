import { z } from 'zod';
import { OTP_CHANNELS, OTP_KINDS } from './otp.schemas.js';

/** What changed in a client's OTP or Verify figures since the last update (added to the dashboard's). */
export const OtpCountersDeltaSchema = z.object({
  kind: z.enum(OTP_KINDS),
  requested: z.number().int(),
  sent: z.number().int(),
  verified: z.number().int(),
  failedChecks: z.number().int(),
  byChannel: z.array(
    z.object({ channel: z.enum(OTP_CHANNELS), sent: z.number().int(), verified: z.number().int() }),
  ),
});
export type OtpCountersDelta = z.infer<typeof OtpCountersDeltaSchema>;

/**
 * The OTP dashboard's live counters (issue 15): at most about one a second per client, to every
 * socket of that client (the summary is readable by every role of an OTP client). `data.hour` is the
 * UTC hour the changes fall in, as the summary's `byHour` names it.
 */
export const OtpCountersEventSchema = z.object({
  typeNotif: z.literal('OTP_COUNTERS'),
  messageId: z.null(),
  data: z.object({ hour: z.string(), counters: z.array(OtpCountersDeltaSchema) }),
  chat: z.null(),
  chatroom: z.null(),
});
export type OtpCountersEvent = z.infer<typeof OtpCountersEventSchema>;

/** The counters of a socket event, or null when it is not one (or does not fit this build). */
export function readOtpCountersEvent(frame: { typeNotif: string; data?: unknown }) {
  if (frame.typeNotif !== 'OTP_COUNTERS') return null;
  const parsed = OtpCountersEventSchema.shape.data.safeParse(frame.data);
  return parsed.success ? parsed.data : null;
}
