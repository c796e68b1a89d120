import { z } from 'zod';
import { RoleCodeSchema } from '../identity/identity.schemas.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';
import { pageOf } from './admin.schemas.js';

/**
 * The channels whose changes (campaigns, batches) go through maker-checker, each named by its feature
 * bit; `/<channel>/manage` names who makes and who checks them.
 */
export const CHECKER_MAKER_CHANNELS = ['WHATSAPP', 'VOICE', 'SMS', 'TELEGRAM', 'EMAIL'] as const;
export const CheckerMakerChannelSchema = z.enum(CHECKER_MAKER_CHANNELS, {
  error: 'The channel is one of WHATSAPP, VOICE, SMS, TELEGRAM, EMAIL',
});
export type CheckerMakerChannel = z.infer<typeof CheckerMakerChannelSchema>;

/** The route segment of each channel (`/whatsapp/manage` …). */
export const CHECKER_MAKER_CHANNEL_OF_PATH: Readonly<Record<string, CheckerMakerChannel>> = {
  whatsapp: 'WHATSAPP',
  voice: 'VOICE',
  sms: 'SMS',
  telegram: 'TELEGRAM',
  email: 'EMAIL',
};

export const CheckerMakerUserSchema = z.object({
  channel: CheckerMakerChannelSchema,
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: RoleCodeSchema,
  maker: z.boolean(),
  checker: z.boolean(),
  updatedAt: z.string(),
  updatedByEmail: z.string().nullable(),
});
export type CheckerMakerUser = z.infer<typeof CheckerMakerUserSchema>;

export const CheckerMakerQuerySchema = PageQuerySchema.extend({ channel: CheckerMakerChannelSchema });
export const CheckerMakerPageSchema = pageOf(CheckerMakerUserSchema);

export const CheckerMakerUpdateSchema = z
  .object({
    channel: CheckerMakerChannelSchema,
    userId: z.string().min(1, 'Choose a user'),
    maker: z.boolean({ error: 'Say whether the user makes changes' }),
    checker: z.boolean({ error: 'Say whether the user checks changes' }),
  })
  .refine((value) => value.maker || value.checker, {
    message: 'A user is a maker, a checker or both; remove them instead',
    path: ['maker'],
  });
export type CheckerMakerUpdate = z.infer<typeof CheckerMakerUpdateSchema>;

export const CheckerMakerRemoveQuerySchema = z.object({
  channel: CheckerMakerChannelSchema,
  userId: z.string().min(1, 'Choose a user'),
});
