import { randomBytes } from 'node:crypto';
import type { Database } from '../../../../platform/database.js';
import type { DeliveryStatus } from '../../channel.ports.js';
import { signBody } from './webhook-signature.js';
import { sandboxNotInUse } from './whatsapp.errors.js';
import {
  type ChannelRow,
  findChannel,
  listConversation,
  unsafeFindChannelsByPhoneNumberIds,
} from './whatsapp.repository.js';
import { digitsOnly } from './whatsapp.wire.js';

/** Queues a job (pg-boss `send`); declared here, where the channel and its sandbox both take it. */
export type Enqueue = (name: string, data: object, options?: { startAfter?: number }) => Promise<unknown>;

export const SANDBOX_STATUS_JOB = 'whatsapp.sandbox-status';

/**
 * The link of an image the business sent from our storage, as a path on this server: the phone page
 * is served from here too, and other links (any site's) are not shown on it.
 */
function ownMediaPath(body: unknown): string | null {
  const link = (body as { image?: { link?: unknown } } | null)?.image?.link;
  if (typeof link !== 'string') return null;
  try {
    const url = new URL(link, 'http://sandbox.invalid');
    return url.pathname.startsWith('/api/files/shared/') ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** The reply buttons of an interactive message the business sent, for the phone to show. */
function replyButtonsOf(body: unknown): { buttons?: { id: string; title: string }[] } {
  const buttons = (body as { interactive?: { action?: { buttons?: unknown } } } | null)?.interactive?.action
    ?.buttons;
  if (!Array.isArray(buttons)) return {};
  return {
    buttons: buttons.flatMap((button: { reply?: { id?: unknown; title?: unknown } }) =>
      typeof button?.reply?.id === 'string' && typeof button.reply.title === 'string'
        ? [{ id: button.reply.id, title: button.reply.title }]
        : [],
    ),
  };
}

/** A sandbox wamid looks like Meta's: an opaque base64 string behind the `wamid.` prefix. */
export const sandboxMessageId = () => `wamid.${randomBytes(24).toString('base64')}`;

export type SandboxStatusJob = {
  clientId: string;
  channelId: string;
  providerMessageId: string;
  status: DeliveryStatus;
  to: string;
};

/**
 * The embedded WhatsApp provider: it accepts every send, reports statuses over time, and lets a
 * person play a customer. Everything it reports travels as a signed Cloud API webhook through the
 * real webhook code, so the sandbox exercises the same path as Meta.
 */
export function createSandboxProvider(deps: {
  db: Database;
  appSecretOf(channel: ChannelRow): string;
  enqueue: Enqueue;
  log: { warn(object: object, message: string): void };
  receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
}) {
  const { db, appSecretOf } = deps;

  /** The sandbox answers like Meta: sent at once, delivered soon after, read a little later. */
  async function scheduleStatuses(channel: ChannelRow, providerMessageId: string, to: string) {
    const reachable = /^\d{8,15}$/.test(digitsOnly(to));
    const steps: { status: DeliveryStatus; startAfter: number }[] = reachable
      ? [
          { status: 'sent', startAfter: 1 },
          { status: 'delivered', startAfter: 2 },
          { status: 'read', startAfter: 5 },
        ]
      : [{ status: 'failed', startAfter: 1 }];
    for (const step of steps) {
      await deps
        .enqueue(
          SANDBOX_STATUS_JOB,
          { clientId: channel.clientId, channelId: channel.id, providerMessageId, status: step.status, to },
          { startAfter: step.startAfter },
        )
        .catch((error: unknown) => deps.log.warn({ err: error }, 'could not queue a sandbox status'));
    }
  }

  /** Posts a Cloud-API-shaped, signed webhook for a sandbox channel through the real webhook path. */
  async function postWebhook(channel: ChannelRow, value: Record<string, unknown>) {
    const envelope = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: channel.wabaId ?? channel.phoneNumberId,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: digitsOnly(channel.displayPhoneNumber),
                  phone_number_id: channel.phoneNumberId,
                },
                ...value,
              },
            },
          ],
        },
      ],
    };
    const raw = Buffer.from(JSON.stringify(envelope));
    await deps.receiveWebhook(raw, signBody(appSecretOf(channel), raw));
  }

  async function runStatus(job: SandboxStatusJob) {
    const channel = await findChannel(db, job.clientId, job.channelId);
    if (channel?.provider !== 'sandbox') return;
    const status: Record<string, unknown> = {
      id: job.providerMessageId,
      status: job.status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: digitsOnly(job.to),
    };
    if (job.status === 'failed') {
      status.errors = [{ code: 131026, title: 'Message undeliverable' }];
    }
    await postWebhook(channel, { statuses: [status] });
  }

  /** The sandbox phone reaches a number only while its provider is the sandbox. */
  async function unsafeFindSandboxChannel(phoneNumberId: string) {
    const [channel] = await unsafeFindChannelsByPhoneNumberIds(db, [phoneNumberId]);
    if (channel?.provider !== 'sandbox') throw sandboxNotInUse();
    return channel;
  }

  /** A customer types on the sandbox phone: the message arrives as a signed Cloud API webhook. */
  async function customerWrites(
    phoneNumberId: string,
    input: { from: string; name: string; text: string; replyTo?: string | null; buttonId?: string | null },
  ) {
    const channel = await unsafeFindSandboxChannel(phoneNumberId);
    const from = digitsOnly(input.from);
    const id = sandboxMessageId();
    await postWebhook(channel, {
      contacts: [{ profile: { name: input.name }, wa_id: from }],
      messages: [
        {
          from,
          id,
          timestamp: String(Math.floor(Date.now() / 1000)),
          ...(input.buttonId
            ? {
                type: 'interactive',
                interactive: {
                  type: 'button_reply',
                  button_reply: { id: input.buttonId, title: input.text },
                },
              }
            : { type: 'text', text: { body: input.text } }),
          ...(input.replyTo
            ? { context: { from: digitsOnly(channel.displayPhoneNumber), id: input.replyTo } }
            : {}),
        },
      ],
    });
    return { id };
  }

  async function conversation(phoneNumberId: string, customerPhone: string) {
    const channel = await unsafeFindSandboxChannel(phoneNumberId);
    const rows = await listConversation(db, channel.clientId, channel.id, digitsOnly(customerPhone), 200);
    return rows.map((row) => ({
      id: row.providerMessageId,
      direction: row.direction,
      type: row.type,
      text: row.text,
      // A reply on the phone was accepted by the provider: it is sent (one tick), as the agent sees
      // it, until its first status arrives; never "waiting to be sent".
      status: row.status ?? (row.direction === 'out' ? 'sent' : null),
      errorTitle: row.errorTitle,
      replyTo: row.replyToProviderMessageId,
      mediaUrl: ownMediaPath(row.body),
      ...replyButtonsOf(row.body),
      sentAt: row.sentAt.toISOString(),
    }));
  }

  return {
    scheduleStatuses,
    runStatus,
    customerWrites,
    conversation,
    async business(phoneNumberId: string) {
      const channel = await unsafeFindSandboxChannel(phoneNumberId);
      return { phoneNumberId: channel.phoneNumberId, displayPhoneNumber: channel.displayPhoneNumber };
    },
  };
}
