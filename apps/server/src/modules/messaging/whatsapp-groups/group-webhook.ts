import { z } from 'zod';
import type { GroupUpdate } from '../channel.ports.js';
import type { ChannelRow } from '../channels/whatsapp/whatsapp.repository.js';
import type { WebhookEnvelope } from '../channels/whatsapp/whatsapp.wire.js';

/** The Groups API's webhook fields this side reads (Meta, "Webhooks for Groups API"). */
export const GROUP_LIFECYCLE_FIELD = 'group_lifecycle_update';
export const GROUP_PARTICIPANTS_FIELD = 'group_participants_update';

const ParticipantSchema = z.looseObject({
  wa_id: z.string().max(64).optional(),
  input: z.string().max(64).optional(),
});
const GroupErrorSchema = z.looseObject({
  code: z.union([z.string(), z.number()]).optional(),
  title: z.string().max(500).optional(),
  message: z.string().max(1000).optional(),
  error_data: z.looseObject({ details: z.string().max(1000).optional() }).optional(),
});
const GroupEventSchema = z.looseObject({
  timestamp: z.union([z.string(), z.number()]).optional(),
  group_id: z.string().min(1).max(256).optional(),
  type: z.string().max(64),
  request_id: z.string().max(256).optional(),
  subject: z.string().max(512).optional(),
  invite_link: z.string().max(512).optional(),
  errors: z.array(GroupErrorSchema).max(20).optional(),
  added_participants: z.array(ParticipantSchema).max(1024).optional(),
  removed_participants: z.array(ParticipantSchema).max(1024).optional(),
});
const GroupValueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string() }),
  groups: z.array(z.unknown()).max(1000),
});

const phonesOf = (participants: z.infer<typeof ParticipantSchema>[] | undefined) =>
  (participants ?? [])
    .map((p) => p.wa_id ?? p.input ?? '')
    .map((id) => (/^\+?[\d\s-]+$/.test(id) ? id.replace(/\D/g, '') : id))
    .filter((id) => id.length > 0);

const timeOf = (timestamp: string | number | undefined, fallback: Date) => {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : fallback;
};

const reasonOf = (errors: z.infer<typeof GroupErrorSchema>[] | undefined) => {
  const first = errors?.[0];
  if (!first) return 'WhatsApp could not create the group (no reason given)';
  const words = [first.title, first.message, first.error_data?.details].filter(Boolean).join(': ');
  return `WhatsApp refused it${first.code !== undefined ? ` (error ${first.code})` : ''}: ${words || 'no details given'}`;
};

/** The group events of a delivery that belong to this number, in order; anything else is skipped. */
export function groupUpdatesOf(
  channel: ChannelRow,
  envelope: WebhookEnvelope,
  receivedAt: Date,
): GroupUpdate[] {
  const updates: GroupUpdate[] = [];
  for (const change of envelope.entry.flatMap((entry) => entry.changes)) {
    if (change.field !== GROUP_LIFECYCLE_FIELD && change.field !== GROUP_PARTICIPANTS_FIELD) continue;
    const value = GroupValueSchema.safeParse(change.value);
    if (!value.success || value.data.metadata.phone_number_id !== channel.phoneNumberId) continue;
    for (const raw of value.data.groups) {
      const parsed = GroupEventSchema.safeParse(raw);
      if (!parsed.success || !parsed.data.group_id) continue;
      const event = parsed.data;
      const base = {
        clientId: channel.clientId,
        channelId: channel.id,
        groupId: event.group_id!,
        at: timeOf(event.timestamp, receivedAt),
      };
      if (event.type === 'group_create') {
        updates.push(
          event.errors?.length
            ? {
                ...base,
                kind: 'create_failed',
                requestId: event.request_id ?? null,
                subject: event.subject ?? null,
                reason: reasonOf(event.errors),
              }
            : {
                ...base,
                kind: 'created',
                requestId: event.request_id ?? null,
                subject: event.subject ?? null,
                inviteLink: event.invite_link ?? null,
              },
        );
      } else if (event.type === 'group_delete' && !event.errors?.length) {
        updates.push({ ...base, kind: 'deleted' });
      } else if (event.type === 'group_participants_add') {
        const phones = phonesOf(event.added_participants);
        if (phones.length > 0) updates.push({ ...base, kind: 'participants_added', phones });
      } else if (event.type === 'group_participants_remove') {
        const phones = phonesOf(event.removed_participants);
        if (phones.length > 0) updates.push({ ...base, kind: 'participants_removed', phones });
      }
    }
  }
  return updates;
}
