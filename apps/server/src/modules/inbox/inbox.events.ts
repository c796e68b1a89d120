import type { InboxEvent as InboxEventPayload, InboxEventType } from '@sapa/contracts';
import type { Executor } from '../../platform/database.js';
import type { RealtimeAudience } from '../../platform/realtime/realtime.types.js';
import type { CsMessageRow } from './chat/chat.tables.js';
import { toMessage } from './chat/message.view.js';
import type { InboxDeps } from './inbox.deps.js';
import { toRoom } from './rooms/room.view.js';
import type { CsRoomRow } from './rooms/rooms.tables.js';

/** typeNotif values the inbox publishes (declared in contracts, `inbox.events.ts`). */
export type { InboxEventType };

/** The assigned agent (if any) plus supervisors: who must see a change in one room. */
export function roomAudience(csId: string | null): RealtimeAudience {
  return { csIds: csId ? [csId] : [], chatRoles: csId ? ['SPV'] : ['SPV', 'CS'] };
}

/** A message stored in a room, as its audience hears it. */
export function newMessageEvent(room: CsRoomRow, stored: CsMessageRow): InboxEvent {
  return {
    audience: roomAudience(room.csId),
    typeNotif: 'NEW_MESSAGE',
    messageId: stored.id,
    data: { roomId: room.id },
    chat: toMessage(stored),
    chatroom: toRoom(room),
  };
}

/** Fields whose value may be null may be left out: they are sent as null. */
type NullableOptional<E> = { [K in keyof E as null extends E[K] ? K : never]?: E[K] } & {
  [K in keyof E as null extends E[K] ? never : K]: E[K];
};

/** One of the inbox's socket events (contracts), and who hears it. */
export type InboxEvent = { audience: RealtimeAudience } & (InboxEventPayload extends infer E
  ? E extends InboxEventPayload
    ? NullableOptional<E>
    : never
  : never);

function toPublished(event: InboxEvent) {
  // The spec's field order, every field present (null when left out): the wire format of the socket.
  const payload = {
    typeNotif: event.typeNotif,
    messageId: event.messageId ?? null,
    data: event.data ?? null,
    chat: event.chat ?? null,
    chatroom: event.chatroom ?? null,
  } as InboxEventPayload;
  return { audience: event.audience, payload };
}

/**
 * Events as a statement publishes them (`{ a: audience, p: payload }`, the form `insertEventsAndNotify`
 * stores): for a caller whose SQL publishes inside a statement of its own (decision 0077).
 */
export function toStatementEvents(events: InboxEvent[]) {
  return JSON.stringify(
    events.map(toPublished).map(({ audience, payload }) => ({ a: audience, p: payload })),
  );
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
 * `commit`: the publish is the last statement of the executor's transaction and ends it (decision 0082).
 */
export async function publishInboxEvents(
  deps: Pick<InboxDeps, 'realtime'>,
  executor: Executor,
  clientId: string,
  events: InboxEvent[],
  options?: { commit?: boolean },
): Promise<void> {
  if (!deps.realtime || events.length === 0) return;
  await deps.realtime.publishMany(clientId, events.map(toPublished), executor, options);
}
