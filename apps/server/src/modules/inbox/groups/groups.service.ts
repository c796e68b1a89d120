import { GROUP_MAX_PARTICIPANTS } from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import { toPhoneDigits } from '../../../lib/phone.js';
import { type Actor, csIdOf } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { clientPhoneCountry } from '../../clients/index.js';
import { channelNotConfigured, type InboundMessage, whatsappGroupRecipient } from '../../messaging/index.js';
import {
  insertMessage,
  insertMessageOnce,
  listMessageRows,
  markCustomerMessagesRead,
} from '../chat/chat.repository.js';
import { INBOX_SOURCE } from '../chat/chat.service.js';
import { toMessage } from '../chat/message.view.js';
import { messagePage, readMessageCursor } from '../chat/message-cursor.js';
import type { InboxDeps } from '../inbox.deps.js';
import { publishGroupUpdated } from './groups.live.js';
import {
  countParticipants,
  deleteParticipant,
  findGroup,
  findGroupByProviderId,
  insertGroup,
  listGroupRows,
  listParticipants,
  recordGroupMessage,
  setParticipantState,
  updateGroupRow,
  updateParticipant,
  upsertParticipant,
} from './groups.repository.js';
import type { CsGroupParticipantRow, CsGroupRow } from './groups.tables.js';

export const groupNotFound = () => notFound('group_not_found', 'Chat group not found');
const participantNotFound = () =>
  notFound('participant_not_found', 'This phone number is not a participant of the group');
const groupLinked = () =>
  new AppError(409, 'group_exists', 'Another chat group is already linked to this WhatsApp group');
const groupFull = () =>
  new AppError(409, 'group_full', `A WhatsApp group has at most ${GROUP_MAX_PARTICIPANTS} participants`);
const groupNotLinked = () =>
  new AppError(
    409,
    'group_not_linked',
    'This group is not linked to a WhatsApp group yet: give its WhatsApp group id first',
  );
const badPhone = () =>
  new AppError(400, 'invalid_phone_number', 'Enter a phone number with its country code (8 to 15 digits)');

function toGroup(row: CsGroupRow, participantCount: number) {
  return {
    id: row.id,
    subject: row.subject,
    providerGroupId: row.providerGroupId,
    participantCount,
    lastMessage: row.lastMessageAt
      ? { content: row.lastMessagePreview, at: row.lastMessageAt.toISOString() }
      : null,
    unreadCount: row.unreadCount,
    syncState: row.syncState,
    syncError: row.syncError,
    syncedAt: row.syncedAt?.toISOString() ?? null,
    inviteLink: row.inviteLink,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toParticipant = (row: CsGroupParticipantRow) => ({
  phoneNumber: row.phoneNumber,
  isAdmin: row.isAdmin,
  state: row.state,
  addedAt: row.addedAt.toISOString(),
});

export async function detailOf(db: Executor, row: CsGroupRow) {
  const participants = await listParticipants(db, row.clientId, row.id);
  return { ...toGroup(row, participants.length), participants: participants.map(toParticipant) };
}

/** Another client's group, or an id that is not one, answers 404. */
async function getGroupRow(db: Executor, actor: Actor, id: string) {
  const row = isId(id) ? await findGroup(db, actor.clientId, id) : null;
  if (!row) throw groupNotFound();
  return row;
}

const isUniqueViolation = (error: unknown) =>
  ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505';

async function phoneOf(db: Executor, actor: Actor, value: string) {
  const phone = toPhoneDigits(value, await clientPhoneCountry(db, actor.clientId));
  if (!/^\d{8,15}$/.test(phone)) throw badPhone();
  return phone;
}

export async function listGroups(
  db: Executor,
  actor: Actor,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined; search?: string | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = query.pageNumber ?? 1;
  const { rows, total } = await listGroupRows(db, actor.clientId, {
    search: query.search?.trim() || undefined,
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return {
    pageSize,
    pageNumber,
    total,
    items: rows.map((row) => toGroup(row.group, Number(row.participantCount))),
  };
}

export async function getGroup(db: Executor, actor: Actor, id: string) {
  return detailOf(db, await getGroupRow(db, actor, id));
}

/** Queues the job that pushes the group to WhatsApp (after the request's commit; never awaited by it). */
export const GROUP_SYNC_JOB = 'inbox.group-sync';
async function queueSync(deps: InboxDeps, clientId: string, groupId: string) {
  // Committed already: a queue that cannot take it leaves the group pending, to be retried by hand.
  await deps.jobs?.send(GROUP_SYNC_JOB, { clientId, groupId }).catch(() => undefined);
}

/** The group as it now is, to the caller and (live) to the client's super admins. */
async function changed(deps: InboxDeps, actor: Actor, id: string, sync: boolean) {
  const row = (await findGroup(deps.db, actor.clientId, id))!;
  const detail = await detailOf(deps.db, row);
  await publishGroupUpdated(deps, deps.db, actor.clientId, detail);
  if (sync) await queueSync(deps, actor.clientId, id);
  return detail;
}

/** A group WhatsApp knows of (linked, or being created): its changes are pushed there. */
const atProvider = (row: CsGroupRow) => row.providerGroupId !== null || row.providerRequestId !== null;

/**
 * A new group: linked to an existing WhatsApp group when its id is given; otherwise created at WhatsApp
 * by a job (pending until WhatsApp tells its id and invite link). The participants entered are invited.
 */
export async function createGroup(
  deps: InboxDeps,
  actor: Actor,
  input: {
    subject: string;
    groupId?: string | undefined;
    channelId?: string | undefined;
    participants?: { phoneNumber: string; isAdmin?: boolean | undefined }[] | undefined;
  },
) {
  const { db } = deps;
  const subject = input.subject.trim();
  const phones: { phoneNumber: string; isAdmin: boolean }[] = [];
  for (const participant of input.participants ?? []) {
    const phoneNumber = await phoneOf(db, actor, participant.phoneNumber);
    const same = phones.find((p) => p.phoneNumber === phoneNumber);
    if (same) same.isAdmin ||= participant.isAdmin ?? false;
    else phones.push({ phoneNumber, isAdmin: participant.isAdmin ?? false });
  }
  const linked = input.groupId !== undefined;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertGroup(tx, {
      clientId: actor.clientId,
      id: newId(),
      subject,
      providerGroupId: input.groupId ?? null,
      channelId: input.channelId && isId(input.channelId) ? input.channelId : null,
      providerSubject: linked ? subject : null,
      syncState: linked ? 'synced' : 'pending',
      syncedAt: linked ? new Date() : null,
    });
    if (!inserted) throw groupLinked();
    for (const phone of phones)
      await upsertParticipant(tx, {
        clientId: actor.clientId,
        groupId: inserted.id,
        phoneNumber: phone.phoneNumber,
        isAdmin: phone.isAdmin,
        state: 'invited',
      });
    return inserted;
  });
  // A linked group still needs its invite link from WhatsApp.
  return changed(deps, actor, row.id, true);
}

export async function updateGroup(
  deps: InboxDeps,
  actor: Actor,
  input: { id: string; subject: string; groupId?: string | undefined },
) {
  const { db } = deps;
  const before = await getGroupRow(db, actor, input.id);
  const subject = input.subject.trim();
  const linking = input.groupId !== undefined && input.groupId !== before.providerGroupId;
  const push = !linking && atProvider(before) && subject !== (before.providerSubject ?? before.subject);
  await updateGroupRow(db, actor.clientId, input.id, {
    subject,
    ...(linking && {
      providerGroupId: input.groupId,
      providerRequestId: null,
      providerSubject: subject,
      inviteLink: null,
    }),
    ...((push || linking) && { syncState: 'pending' as const, syncError: null }),
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw groupLinked();
    throw error;
  });
  return changed(deps, actor, input.id, push || linking);
}

export async function addParticipant(
  deps: InboxDeps,
  actor: Actor,
  input: { groupId: string; customerPhoneNumber: string; isAdmin?: boolean | undefined },
) {
  const { db } = deps;
  const group = await getGroupRow(db, actor, input.groupId);
  const phoneNumber = await phoneOf(db, actor, input.customerPhoneNumber);
  await db.transaction(async (tx) => {
    const members = await listParticipants(tx, actor.clientId, group.id);
    const already = members.some((member) => member.phoneNumber === phoneNumber);
    if (!already && members.length >= GROUP_MAX_PARTICIPANTS) throw groupFull();
    await upsertParticipant(tx, {
      clientId: actor.clientId,
      groupId: group.id,
      phoneNumber,
      isAdmin: input.isAdmin ?? (already ? undefined : false),
      state: 'invited',
    });
  });
  // Nobody is added at WhatsApp (invite-only): the invite link is what they need, fetched if missing.
  return changed(deps, actor, group.id, group.providerGroupId !== null && group.inviteLink === null);
}

/**
 * The admin flag is Sapa's (the Groups API has no admin promotion). Removing someone who joined takes
 * them out at WhatsApp in a job; someone only invited is just forgotten.
 */
export async function changeParticipant(
  deps: InboxDeps,
  actor: Actor,
  input: {
    groupId: string;
    customerPhoneNumber: string;
    isAdmin?: boolean | undefined;
    remove?: boolean | undefined;
  },
) {
  const { db } = deps;
  const group = await getGroupRow(db, actor, input.groupId);
  const phoneNumber = await phoneOf(db, actor, input.customerPhoneNumber);
  const member = (await listParticipants(db, actor.clientId, group.id)).find(
    (p) => p.phoneNumber === phoneNumber,
  );
  if (!member || (input.remove && member.state === 'removing')) throw participantNotFound();
  let sync = false;
  if (input.remove) {
    if (member.state === 'joined' && group.providerGroupId) {
      await setParticipantState(db, actor.clientId, group.id, [phoneNumber], 'removing');
      await updateGroupRow(db, actor.clientId, group.id, { syncState: 'pending', syncError: null });
      sync = true;
    } else {
      await deleteParticipant(db, actor.clientId, group.id, phoneNumber);
    }
  } else if (input.isAdmin !== undefined) {
    await updateParticipant(db, actor.clientId, group.id, phoneNumber, input.isAdmin);
  }
  return changed(deps, actor, group.id, sync);
}

/** Pushes the group to WhatsApp again (a failed sync, or to be sure). */
export async function retryGroupSync(deps: InboxDeps, actor: Actor, groupId: string) {
  const group = await getGroupRow(deps.db, actor, groupId);
  await updateGroupRow(deps.db, actor.clientId, group.id, { syncState: 'pending', syncError: null });
  return changed(deps, actor, group.id, true);
}

export async function listGroupMessages(
  db: Executor,
  actor: Actor,
  query: { groupId: string; pageSize?: number | undefined; lastEvaluatedKey?: string | undefined },
) {
  const group = await getGroupRow(db, actor, query.groupId);
  const cursor = readMessageCursor(query.lastEvaluatedKey);
  const pageSize = query.pageSize ?? 20;
  const rows = await listMessageRows(db, actor.clientId, group.id, { pageSize, cursor });
  return messagePage(rows, pageSize, toMessage);
}

/**
 * A text to the group: stored `pending` and queued in messaging's ledger in one transaction, sent after
 * commit (never inside the request's wait); the outcome comes back through the inbox port.
 */
export async function sendGroupMessage(
  deps: InboxDeps,
  actor: Actor,
  input: { groupId: string; content: string },
) {
  const group = await getGroupRow(deps.db, actor, input.groupId);
  if (!group.providerGroupId) throw groupNotLinked();
  if (!deps.messaging) throw channelNotConfigured();
  const messaging = deps.messaging;
  const providerGroupId = group.providerGroupId;
  const { message, queued } = await deps.db.transaction(async (tx) => {
    const message = await insertMessage(tx, {
      clientId: actor.clientId,
      id: newId(),
      roomId: group.id,
      channel: 'whatsapp',
      type: 'text',
      content: input.content,
      fromCs: true,
      csId: csIdOf(actor),
      status: 'pending',
    });
    await recordGroupMessage(tx, actor.clientId, group.id, {
      preview: input.content,
      at: message.createdAt,
      fromCs: true,
    });
    const queued = await messaging.queueMessage(tx, actor.clientId, {
      channel: 'whatsapp',
      channelAccountId: group.channelId,
      recipient: whatsappGroupRecipient(providerGroupId),
      content: { kind: 'text', text: input.content },
      source: INBOX_SOURCE,
      sourceRef: message.id,
      idempotencyKey: `${INBOX_SOURCE}:${message.id}`,
    });
    const chat = toMessage(message);
    const row = (await findGroup(tx, actor.clientId, group.id))!;
    await publishGroupUpdated(deps, tx, actor.clientId, await detailOf(tx, row), [
      groupMessageEvent(chat, group.id),
    ]);
    return { message, queued };
  });
  messaging.dispatch(queued);
  return toMessage(message);
}

const groupMessageEvent = (chat: ReturnType<typeof toMessage>, groupId: string) => ({
  typeNotif: 'GROUP_MESSAGE' as const,
  audience: { userIds: [] as string[] },
  messageId: chat.id,
  data: { groupId },
  chat,
});

export async function markGroupRead(deps: InboxDeps, actor: Actor, groupId: string) {
  const { db } = deps;
  const group = await getGroupRow(db, actor, groupId);
  await markCustomerMessagesRead(db, actor.clientId, group.id);
  await updateGroupRow(db, actor.clientId, group.id, { unreadCount: 0 });
  return changed(deps, actor, group.id, false);
}

/**
 * A message written in a WhatsApp group (the inbound seam's one call for groups): the group is found by
 * its WhatsApp id, or created when the business number hears from a group it did not know yet; the
 * writer is one of its participants. Stored once per provider message id.
 */
export async function receiveGroupMessage(
  deps: Pick<InboxDeps, 'realtime'>,
  tx: Executor,
  message: InboundMessage & { groupId: string },
) {
  let group = await findGroupByProviderId(tx, message.clientId, message.groupId);
  if (!group) {
    await insertGroup(tx, {
      clientId: message.clientId,
      id: newId(),
      subject: `WhatsApp group ${message.groupId}`.slice(0, 128),
      providerGroupId: message.groupId,
      channelId: message.channelId,
    });
    group = (await findGroupByProviderId(tx, message.clientId, message.groupId))!;
  }
  if ((await countParticipants(tx, message.clientId, group.id)) < GROUP_MAX_PARTICIPANTS) {
    await upsertParticipant(tx, {
      clientId: message.clientId,
      groupId: group.id,
      phoneNumber: message.customerPhone,
      // Whoever writes in the group is in it.
      state: 'joined',
    });
  }
  const content = message.text;
  const stored = await insertMessageOnce(tx, {
    clientId: message.clientId,
    id: newId(message.sentAt.getTime()),
    roomId: group.id,
    channel: message.channel,
    providerMessageId: message.providerMessageId,
    type: message.type === 'text' ? 'text' : message.type,
    content,
    mimeType: message.media?.mimeType ?? null,
    fromCs: false,
    // Who wrote it in the group, as the group shows it.
    authorName: message.customerName ?? message.customerPhone,
    replyToProviderMessageId: message.replyToProviderMessageId,
    createdAt: message.sentAt,
  });
  if (!stored) return;
  await recordGroupMessage(tx, message.clientId, group.id, {
    preview: content ?? `[${message.type}]`,
    at: message.sentAt,
    fromCs: false,
  });
  const row = (await findGroup(tx, message.clientId, group.id))!;
  await publishGroupUpdated(deps, tx, message.clientId, await detailOf(tx, row), [
    groupMessageEvent(toMessage(stored), group.id),
  ]);
}
