import type { Executor } from '../../platform/database.js';
import type { RealtimeAudience } from '../../platform/realtime/realtime.types.js';
import type { InboxDeps } from './inbox.deps.js';

/** typeNotif values the inbox publishes. */
export type InboxEventType =
  | 'NEW_ROOM'
  | 'NEW_MESSAGE'
  | 'MESSAGE_STATUS'
  | 'MESSAGE_MEDIA'
  | 'MESSAGE_REACTION'
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

export type InboxEvent = {
  audience: RealtimeAudience;
  typeNotif: InboxEventType;
  messageId?: string | null;
  data?: unknown;
  chat?: unknown;
  chatroom?: unknown;
};

function toPublished(event: InboxEvent) {
  return {
    audience: event.audience,
    payload: {
      typeNotif: event.typeNotif,
      messageId: event.messageId ?? null,
      data: event.data ?? null,
      chat: event.chat ?? null,
      chatroom: event.chatroom ?? null,
    },
  };
}

/** Publishes one event in the spec's socket shape; without a live socket wired, nothing is sent. */
export async function publishInboxEvent(
  deps: Pick<InboxDeps, 'realtime'>,
  executor: Executor,
  input: InboxEvent & { clientId: string },
): Promise<void> {
  await publishInboxEvents(deps, executor, input.clientId, [input]);
}

/**
 * Publishes several events of one client in order, in one round trip: a webhook's arrival publishes
 * its room, assignment and message together, holding the client's sequence lock once and briefly.
 */
export async function publishInboxEvents(
  deps: Pick<InboxDeps, 'realtime'>,
  executor: Executor,
  clientId: string,
  events: InboxEvent[],
): Promise<void> {
  if (!deps.realtime || events.length === 0) return;
  await deps.realtime.publishMany(clientId, events.map(toPublished), executor);
}
