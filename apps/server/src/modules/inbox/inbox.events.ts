import type { Executor } from '../../platform/database.js';
import type { RealtimeAudience } from '../../platform/realtime/realtime.types.js';
import type { InboxDeps } from './inbox.deps.js';

/** typeNotif values the inbox publishes. */
export type InboxEventType =
  | 'NEW_ROOM'
  | 'NEW_MESSAGE'
  | 'MESSAGE_STATUS'
  | 'MESSAGE_MEDIA'
  | 'ROOM_ASSIGNED'
  | 'ROOM_TRANSFERRED'
  | 'ROOM_CLOSED'
  | 'ROOM_UPDATED'
  | 'ROOM_READ'
  | 'AGENT_STATUS';

/** The assigned agent (if any) plus supervisors: who must see a change in one room. */
export function roomAudience(csId: string | null): RealtimeAudience {
  return { csIds: csId ? [csId] : [], chatRoles: csId ? ['SPV'] : ['SPV', 'CS'] };
}

/** Publishes one event in the spec's socket shape; without a live socket wired, nothing is sent. */
export async function publishInboxEvent(
  deps: Pick<InboxDeps, 'realtime'>,
  executor: Executor,
  input: {
    clientId: string;
    audience: RealtimeAudience;
    typeNotif: InboxEventType;
    messageId?: string | null;
    data?: unknown;
    chat?: unknown;
    chatroom?: unknown;
  },
): Promise<void> {
  if (!deps.realtime) return;
  await deps.realtime.publish(
    {
      clientId: input.clientId,
      audience: input.audience,
      payload: {
        typeNotif: input.typeNotif,
        messageId: input.messageId ?? null,
        data: input.data ?? null,
        chat: input.chat ?? null,
        chatroom: input.chatroom ?? null,
      },
    },
    executor,
  );
}
