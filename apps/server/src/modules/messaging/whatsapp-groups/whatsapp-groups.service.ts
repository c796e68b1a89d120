import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isId } from '../../../lib/ids.js';
import { inClient } from '../../../platform/client-scope.js';
import type { Database } from '../../../platform/database.js';
import type { OutboundHttp } from '../../../platform/outbound-http.js';
import { type Keys, unseal } from '../../../platform/secrets.js';
import type { Enqueue } from '../channels/whatsapp/sandbox-provider.js';
import { signBody } from '../channels/whatsapp/webhook-signature.js';
import { type ChannelRow, findChannel, listChannels } from '../channels/whatsapp/whatsapp.repository.js';
import { GraphTemplateError, graphRequest } from '../whatsapp-templates/template-graph.js';
import { GROUP_LIFECYCLE_FIELD } from './group-webhook.js';
import { type SandboxGroupRow, whatsappSandboxGroups } from './whatsapp-groups.tables.js';

/** The sandbox tells of a created group this long after the create call, as Meta does by webhook. */
export const SANDBOX_GROUP_CREATED_JOB = 'whatsapp.sandbox-group-created';

/** A Groups API call that did not go through: its words (no credential), and whether to try again. */
export class WhatsappGroupError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export type WhatsappGroupsDeps = {
  db: Database;
  keys: Keys;
  outbound: OutboundHttp;
  graphBaseUrl: string;
  enqueue: Enqueue;
  /** The WhatsApp webhook path: the sandbox's group events travel it, signed, like Meta's. */
  postWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
  clock?: () => Date;
};

const CreateAnswerSchema = z.looseObject({
  request_id: z.string().max(256).optional(),
  id: z.string().max(256).optional(),
});
const InviteAnswerSchema = z.looseObject({ invite_link: z.string().max(512) });

const base62 = (length: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % 62]).join('');
};

export type WhatsappGroups = ReturnType<typeof createWhatsappGroups>;

/**
 * WhatsApp's Groups API on a client's number (decision 0043): create a group (Meta answers a request id
 * and tells the group id and invite link by a `group_lifecycle_update` webhook), change its subject,
 * remove participants, read its invite link. Groups are invite-only: nobody is added by the business,
 * and the API has no admin promotion. A sandbox number answers the same calls from its own record.
 * Called from jobs only, never inside a request.
 */
export function createWhatsappGroups(deps: WhatsappGroupsDeps) {
  const { db, keys } = deps;
  const clock = deps.clock ?? (() => new Date());
  const base = () => deps.graphBaseUrl.replace(/\/+$/, '');

  const wrap = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GraphTemplateError) throw new WhatsappGroupError(error.message, error.retryable);
      throw error;
    }
  };

  const endpointOf = (channel: ChannelRow) => {
    if (!channel.accessTokenSealed)
      throw new WhatsappGroupError('This WhatsApp number has no access token: set it in its settings', false);
    return { outbound: deps.outbound, accessToken: unseal(keys.encryption, channel.accessTokenSealed) };
  };

  /** The number a group lives on: the one given, or the client's first WhatsApp number. */
  async function channelOf(clientId: string, channelId: string | null) {
    const channel =
      channelId && isId(channelId)
        ? await findChannel(db, clientId, channelId)
        : ((await listChannels(db, clientId))[0] ?? null);
    if (!channel) throw new WhatsappGroupError('The client has no WhatsApp number to hold the group', false);
    return channel;
  }

  async function sandboxGroup(channel: ChannelRow, groupId: string) {
    const [row] = await db
      .select()
      .from(whatsappSandboxGroups)
      .where(
        inClient(
          whatsappSandboxGroups,
          channel.clientId,
          and(eq(whatsappSandboxGroups.groupId, groupId), eq(whatsappSandboxGroups.channelId, channel.id)),
        ),
      );
    // Meta's answer for a group the number does not have.
    if (!row) throw new WhatsappGroupError('Meta refused it (error 100): the group does not exist', false);
    return row;
  }

  async function updateSandbox(
    row: SandboxGroupRow,
    changes: Partial<typeof whatsappSandboxGroups.$inferInsert>,
  ) {
    await db
      .update(whatsappSandboxGroups)
      .set({ ...changes, updatedAt: clock() })
      .where(inClient(whatsappSandboxGroups, row.clientId, eq(whatsappSandboxGroups.groupId, row.groupId)));
  }

  /** `POST /{phone-number-id}/groups`: the request id; the group id follows by webhook. */
  async function create(clientId: string, channelId: string | null, subject: string) {
    const channel = await channelOf(clientId, channelId);
    if (channel.provider === 'sandbox') {
      const requestId = randomBytes(16).toString('hex');
      const groupId = Buffer.from(`capi_group:${channel.phoneNumberId}:${Date.now()}${base62(6)}`)
        .toString('base64url')
        .replace(/[^0-9A-Za-z]/g, '');
      await db.insert(whatsappSandboxGroups).values({
        clientId,
        groupId,
        channelId: channel.id,
        requestId,
        subject: subject.trim().slice(0, 128),
        inviteLink: `https://chat.whatsapp.com/${base62(22)}`,
      });
      await deps.enqueue(SANDBOX_GROUP_CREATED_JOB, { clientId, groupId }, { startAfter: 1 });
      return { channelId: channel.id, requestId, groupId: null as string | null };
    }
    const answer = await wrap(() =>
      graphRequest(
        endpointOf(channel),
        'POST',
        `${base()}/${encodeURIComponent(channel.phoneNumberId)}/groups`,
        {
          messaging_product: 'whatsapp',
          subject,
        },
      ),
    );
    const parsed = CreateAnswerSchema.safeParse(answer);
    if (!parsed.success || (!parsed.data.request_id && !parsed.data.id))
      throw new WhatsappGroupError('The Graph API answer named no request id', false);
    return {
      channelId: channel.id,
      requestId: parsed.data.request_id ?? null,
      groupId: parsed.data.id ?? null,
    };
  }

  /** `POST /{group-id}` with the new subject. */
  async function updateSubject(clientId: string, channelId: string | null, groupId: string, subject: string) {
    const channel = await channelOf(clientId, channelId);
    if (channel.provider === 'sandbox') {
      await updateSandbox(await sandboxGroup(channel, groupId), { subject: subject.trim().slice(0, 128) });
      return;
    }
    await wrap(() =>
      graphRequest(endpointOf(channel), 'POST', `${base()}/${encodeURIComponent(groupId)}`, {
        messaging_product: 'whatsapp',
        subject,
      }),
    );
  }

  /** `DELETE /{group-id}/participants`: those not in the group any more count as removed. */
  async function removeParticipants(
    clientId: string,
    channelId: string | null,
    groupId: string,
    phones: string[],
  ) {
    if (phones.length === 0) return;
    const channel = await channelOf(clientId, channelId);
    if (channel.provider === 'sandbox') {
      const row = await sandboxGroup(channel, groupId);
      await updateSandbox(row, { participants: row.participants.filter((p) => !phones.includes(p)) });
      return;
    }
    await wrap(() =>
      graphRequest(endpointOf(channel), 'DELETE', `${base()}/${encodeURIComponent(groupId)}/participants`, {
        messaging_product: 'whatsapp',
        participants: phones.map((user) => ({ user })),
      }),
    );
  }

  /** `GET /{group-id}/invite_link`. */
  async function inviteLink(clientId: string, channelId: string | null, groupId: string) {
    const channel = await channelOf(clientId, channelId);
    if (channel.provider === 'sandbox') return (await sandboxGroup(channel, groupId)).inviteLink;
    const answer = InviteAnswerSchema.safeParse(
      await wrap(() =>
        graphRequest(endpointOf(channel), 'GET', `${base()}/${encodeURIComponent(groupId)}/invite_link`),
      ),
    );
    if (!answer.success) throw new WhatsappGroupError('The Graph API answer had no invite link', false);
    return answer.data.invite_link;
  }

  /** The sandbox number's `group_lifecycle_update`, signed with its app secret, through the real path. */
  async function deliverSandboxCreated(job: { clientId: string; groupId: string }) {
    const [row] = await db
      .select()
      .from(whatsappSandboxGroups)
      .where(inClient(whatsappSandboxGroups, job.clientId, eq(whatsappSandboxGroups.groupId, job.groupId)));
    if (!row) return;
    const channel = await findChannel(db, row.clientId, row.channelId);
    if (channel?.provider !== 'sandbox') return;
    const envelope = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: channel.wabaId ?? channel.phoneNumberId,
          changes: [
            {
              field: GROUP_LIFECYCLE_FIELD,
              value: {
                messaging_product: 'whatsapp',
                metadata: {
                  display_phone_number: channel.displayPhoneNumber,
                  phone_number_id: channel.phoneNumberId,
                },
                groups: [
                  {
                    timestamp: String(Math.floor(row.createdAt.getTime() / 1000)),
                    group_id: row.groupId,
                    type: 'group_create',
                    request_id: row.requestId,
                    subject: row.subject,
                    invite_link: row.inviteLink,
                    join_approval_mode: 'auto_approve',
                  },
                ],
              },
            },
          ],
        },
      ],
    };
    const raw = Buffer.from(JSON.stringify(envelope));
    await deps.postWebhook(raw, signBody(unseal(keys.encryption, channel.appSecretSealed), raw));
  }

  return { create, updateSubject, removeParticipants, inviteLink, deliverSandboxCreated };
}
