import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { SUPER_ADMIN_ONLY } from '../access/route-guards.js';
import { pageOf } from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { INBOX_TAGS as tags } from './inbox.access.js';
import { ChatMessageSchema, keysetPageOf } from './inbox.schemas.js';

const errors = [400, 403, 404, 409] as const;

/** WhatsApp's Groups API: at most 8 participants in a group (decision 0037). */
export const GROUP_MAX_PARTICIPANTS = 8;

/** Chat groups are the super admin's (spec §6 route guard of /customerService/chatGroup). */
const groupAccess = access.feature('CS', SUPER_ADMIN_ONLY);

export const GroupSubjectSchema = z
  .string({ error: 'Enter a subject' })
  .trim()
  .min(1, 'Enter a subject')
  .max(128, 'A group subject has at most 128 characters');
/** WhatsApp's id of a group (digits, maybe with a suffix such as `@g.us`). */
export const ProviderGroupIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z._@-]{3,128}$/, 'A WhatsApp group id has letters, digits, dots, dashes or @ only');
const PhoneSchema = z
  .string({ error: 'Enter a phone number' })
  .trim()
  .min(5, 'Enter a phone number with its country code')
  .max(30, 'A phone number has at most 30 characters');

/**
 * WhatsApp groups are invite-only: a number entered here is `invited` (the group's invite link is for
 * them) until WhatsApp says they `joined`; `removing` while a job takes them out at WhatsApp.
 */
export const GROUP_PARTICIPANT_STATES = ['invited', 'joined', 'removing'] as const;
export type GroupParticipantState = (typeof GROUP_PARTICIPANT_STATES)[number];
/** Whether WhatsApp has the group as Sapa does: a job pushes each change (decision 0043). */
export const GROUP_SYNC_STATES = ['pending', 'synced', 'failed'] as const;
export type GroupSyncState = (typeof GROUP_SYNC_STATES)[number];

export const ChatGroupParticipantSchema = z.object({
  phoneNumber: z.string(),
  isAdmin: z.boolean(),
  state: z.enum(GROUP_PARTICIPANT_STATES),
  addedAt: z.string(),
});
export const ChatGroupSchema = z.object({
  id: z.string(),
  subject: z.string(),
  /** WhatsApp's group id; null until the group is linked to one (messages cannot go out before). */
  providerGroupId: z.string().nullable(),
  participantCount: z.number(),
  lastMessage: z.object({ content: z.string().nullable(), at: z.string() }).nullable(),
  unreadCount: z.number(),
  syncState: z.enum(GROUP_SYNC_STATES),
  /** Why the last push to WhatsApp failed; null unless `syncState` is `failed`. */
  syncError: z.string().nullable(),
  syncedAt: z.string().nullable(),
  /** The group's WhatsApp invite link, once WhatsApp gave it. */
  inviteLink: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatGroup = z.infer<typeof ChatGroupSchema>;
export const ChatGroupDetailSchema = ChatGroupSchema.extend({
  participants: z.array(ChatGroupParticipantSchema),
});
export type ChatGroupDetail = z.infer<typeof ChatGroupDetailSchema>;
export const ChatGroupPageSchema = pageOf(ChatGroupSchema);

const InitialParticipantSchema = z.object({ phoneNumber: PhoneSchema, isAdmin: z.boolean().optional() });
export const ChatGroupCreateSchema = z.object({
  subject: GroupSubjectSchema,
  /** Links an existing WhatsApp group; without it the group is created at WhatsApp by a job. */
  groupId: ProviderGroupIdSchema.optional(),
  /** The client's WhatsApp number to create it on; the first one when left out. */
  channelId: z.string().max(64).optional(),
  participants: z
    .array(InitialParticipantSchema)
    .max(GROUP_MAX_PARTICIPANTS, `A WhatsApp group has at most ${GROUP_MAX_PARTICIPANTS} participants`)
    .optional(),
});
export const ChatGroupUpdateSchema = z.object({
  id: z.string().max(64),
  subject: GroupSubjectSchema,
  groupId: ProviderGroupIdSchema.optional(),
});
export const ChatGroupParticipantInputSchema = z.object({
  groupId: z.string().max(64),
  customerPhoneNumber: PhoneSchema,
  isAdmin: z.boolean().optional(),
});
export const ChatGroupParticipantPatchSchema = ChatGroupParticipantInputSchema.extend({
  /** Take the participant out of the group. */
  remove: z.boolean().optional(),
});
export const ChatGroupMessageSchema = z.object({
  groupId: z.string().max(64),
  content: z.string().trim().min(1, 'Write a message').max(4096, 'A message has at most 4096 characters'),
});

/** WhatsApp groups: subject, participants and admins by phone, messages in and out (spec §7 "Chat groups"). */
export const groupsOperations = {
  listGroups: defineOperation({
    method: 'GET',
    path: '/api/cs/chatGroup',
    access: groupAccess,
    tags,
    summary: 'Chat groups, latest activity first, paged, with search on the subject',
    query: z.object({
      pageNumber: z.coerce.number().int().min(1).max(100_000).optional(),
      pageSize: z.coerce.number().int().min(1).max(200).optional(),
      search: z.string().max(200).optional(),
    }),
    response: ChatGroupPageSchema,
    errors,
  }),
  getGroup: defineOperation({
    method: 'GET',
    path: '/api/cs/chatGroup/detail',
    access: groupAccess,
    tags,
    summary: 'One chat group with its participants',
    query: z.object({ id: z.string().max(64) }),
    response: ChatGroupDetailSchema,
    errors,
  }),
  createGroup: defineOperation({
    method: 'POST',
    path: '/api/cs/chatGroup',
    access: groupAccess,
    tags,
    summary:
      'Create a chat group with a subject and participants: created at WhatsApp by a job, or linked to a WhatsApp group id',
    body: ChatGroupCreateSchema,
    response: ChatGroupDetailSchema,
    status: 201,
    errors,
  }),
  updateGroup: defineOperation({
    method: 'PUT',
    path: '/api/cs/chatGroup',
    access: groupAccess,
    tags,
    summary: 'Rename a chat group (id, subject), or link it to its WhatsApp group id',
    body: ChatGroupUpdateSchema,
    response: ChatGroupDetailSchema,
    errors,
  }),
  addParticipant: defineOperation({
    method: 'POST',
    path: '/api/cs/chatGroups',
    access: groupAccess,
    tags,
    summary: `Add a participant to a group by phone number (at most ${GROUP_MAX_PARTICIPANTS})`,
    body: ChatGroupParticipantInputSchema,
    response: ChatGroupDetailSchema,
    errors,
  }),
  updateParticipant: defineOperation({
    method: 'PATCH',
    path: '/api/cs/chatGroups',
    access: groupAccess,
    tags,
    summary: 'Make a participant admin or not, or remove them (remove: true)',
    body: ChatGroupParticipantPatchSchema,
    response: ChatGroupDetailSchema,
    errors,
  }),
  listGroupMessages: defineOperation({
    method: 'GET',
    path: '/api/cs/chatGroup/messages',
    access: groupAccess,
    tags,
    summary: 'A group’s messages, newest first, paged by lastEvaluatedKey',
    query: z.object({
      groupId: z.string().max(64),
      pageSize: z.coerce.number().int().min(1).max(200).optional(),
      lastEvaluatedKey: z.string().max(200).optional(),
    }),
    response: keysetPageOf(ChatMessageSchema),
    errors,
  }),
  sendGroupMessage: defineOperation({
    method: 'POST',
    path: '/api/cs/chatGroup/messages',
    access: groupAccess,
    tags,
    summary: 'Send a text to a linked group through its WhatsApp number',
    body: ChatGroupMessageSchema,
    response: ChatMessageSchema,
    status: 201,
    errors,
  }),
  retryGroupSync: defineOperation({
    method: 'PUT',
    path: '/api/cs/chatGroup/sync',
    access: groupAccess,
    tags,
    summary: 'Push the group to WhatsApp again (after a failed sync), in a job',
    body: z.object({ groupId: z.string().max(64) }),
    response: ChatGroupDetailSchema,
    errors,
  }),
  markGroupRead: defineOperation({
    method: 'PUT',
    path: '/api/cs/chatGroup/markRead',
    access: groupAccess,
    tags,
    summary: 'Mark a group’s messages read',
    body: z.object({ groupId: z.string().max(64) }),
    response: ChatGroupDetailSchema,
    errors,
  }),
};
