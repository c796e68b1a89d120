import { z } from 'zod';
import { ChatRoleSchema } from '../identity/identity.schemas.js';

/** Spec §3 "Subscription": isTrial, expiredAt (-1 means no expiry), chatRole. */
export const NEVER_EXPIRES = -1;

export const SubscriptionSchema = z.object({
  clientId: z.string(),
  isTrial: z.boolean(),
  /** Epoch milliseconds, or -1 for never. */
  expiredAt: z.number().int(),
  chatRole: ChatRoleSchema.nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** Spec §4: a trial whose expiry is not -1 and is earlier than now has expired. */
export function isTrialExpired(
  subscription: Pick<Subscription, 'isTrial' | 'expiredAt'> | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!subscription?.isTrial) return false;
  return subscription.expiredAt !== NEVER_EXPIRES && subscription.expiredAt < now;
}

const ExpiredAtSchema = z
  .number({ error: 'expiredAt must be a number: epoch milliseconds, or -1 for never' })
  .int('expiredAt must be whole epoch milliseconds')
  .refine((value) => value === NEVER_EXPIRES || value > 0, {
    message: 'expiredAt must be epoch milliseconds, or -1 for never',
  });

/** `POST /api/cs/subscriptions` (super admin): the subscription of one client. */
export const CreateSubscriptionSchema = z.object({
  clientId: z.uuid('clientId must be the id of a client'),
  isTrial: z.boolean({ error: 'isTrial must be true or false' }),
  expiredAt: ExpiredAtSchema.default(NEVER_EXPIRES),
  chatRole: ChatRoleSchema.nullable().default(null),
});
export type CreateSubscription = z.infer<typeof CreateSubscriptionSchema>;

/** `PUT /api/cs/subscriptions` (super admin): changes the named fields of a client's subscription. */
export const UpdateSubscriptionSchema = z
  .object({
    clientId: z.uuid('clientId must be the id of a client'),
    isTrial: z.boolean({ error: 'isTrial must be true or false' }).optional(),
    expiredAt: ExpiredAtSchema.optional(),
    chatRole: ChatRoleSchema.nullable().optional(),
  })
  .refine(
    (body) => body.isTrial !== undefined || body.expiredAt !== undefined || body.chatRole !== undefined,
    { message: 'Name at least one of isTrial, expiredAt or chatRole to change' },
  );
export type UpdateSubscription = z.infer<typeof UpdateSubscriptionSchema>;

export const SubscriptionQuerySchema = z.object({
  clientId: z
    .string()
    .optional()
    .describe("Another client's id (super admin only); the session's by default"),
});

/** The error code the API answers a feature route with while the client's trial has expired. */
export const TRIAL_EXPIRED_CODE = 'trial_expired';
