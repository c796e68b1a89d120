import { z } from 'zod';

/**
 * The customer-phone simulator of the sandbox WhatsApp provider (`/api/sandbox/whatsapp/…`): a person
 * plays a customer of a client whose number runs on the sandbox.
 */
export const SANDBOX_DEMO_PHONE_NUMBER_ID = '100000000000001';

export const SandboxBusinessSchema = z.object({ phoneNumberId: z.string(), displayPhoneNumber: z.string() });
export type SandboxBusiness = z.infer<typeof SandboxBusinessSchema>;

export const SandboxPhoneNumberSchema = z
  .string()
  .regex(/^\+?\d{8,15}$/, 'A phone number in international format, such as +6281234567890');

export const SandboxCustomerMessageSchema = z.object({
  from: SandboxPhoneNumberSchema,
  name: z.string().trim().min(1).max(80),
  text: z.string().trim().min(1).max(4096),
  replyTo: z.string().max(200).nullish(),
  /** The customer tapped a reply button of `replyTo` (its id); `text` is the button's title. */
  buttonId: z.string().max(256).nullish(),
});
export type SandboxCustomerMessage = z.infer<typeof SandboxCustomerMessageSchema>;

export const SandboxMessageSchema = z.object({
  id: z.string(),
  /** `in`: written by the customer; `out`: the business's reply. */
  direction: z.enum(['in', 'out']),
  type: z.string(),
  text: z.string().nullable(),
  /** The reply's ticks: sent, delivered, read — or failed with its reason. */
  status: z.enum(['sent', 'delivered', 'read', 'failed']).nullable(),
  errorTitle: z.string().nullable(),
  replyTo: z.string().nullable(),
  /** An image the business sent from our own storage: a signed link the phone can open without a login. */
  mediaUrl: z.string().nullable().optional(),
  /** Reply buttons of an interactive message the business sent: the customer taps one. */
  buttons: z.array(z.object({ id: z.string(), title: z.string() })).optional(),
  sentAt: z.string(),
});
export type SandboxMessage = z.infer<typeof SandboxMessageSchema>;

export const SandboxConversationSchema = z.object({ messages: z.array(SandboxMessageSchema) });
export type SandboxConversation = z.infer<typeof SandboxConversationSchema>;
