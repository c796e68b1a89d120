import { z } from 'zod';
import { pageOf } from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { CS_DAILY_MAX_DAYS } from './cs-admin.schemas.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';
import { ChatMessageSchema, ChatRoomSchema } from './inbox.schemas.js';

const errors = [400, 403, 404, 409] as const;

export const TICKET_STATUSES = ['open', 'pending', 'resolved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TicketSubjectSchema = z
  .string({ error: 'Enter a subject' })
  .trim()
  .min(1, 'Enter a subject')
  .max(200, 'A subject has at most 200 characters');
const TicketStatusSchema = z.enum(TICKET_STATUSES, { error: 'Choose a status: open, pending or resolved' });
const TicketPrioritySchema = z.enum(TICKET_PRIORITIES, {
  error: 'Choose a priority: low, normal, high or urgent',
});
/** A due time as an ISO date-time; null clears it. */
const DueAtSchema = z.iso
  .datetime({ offset: true, error: 'Enter a due time as an ISO date-time' })
  .nullable();

/** A conversation turned into a ticket: followed until it is resolved (issue 18, decision 0037). */
export const TicketSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  roomShortId: z.number(),
  customerPhoneNumber: z.string(),
  customerName: z.string().nullable(),
  subject: z.string(),
  status: TicketStatusSchema,
  priority: TicketPrioritySchema,
  assigneeCsId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  dueAt: z.string().nullable(),
  /** Due and not resolved. */
  overdue: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string(),
  change: z.enum(['created', 'status', 'priority', 'assignee', 'dueAt', 'subject']),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type TicketEvent = z.infer<typeof TicketEventSchema>;

export const TicketDetailSchema = z.object({
  ticket: TicketSchema,
  room: ChatRoomSchema,
  /** The conversation, oldest first (its latest 200 messages). */
  messages: z.array(ChatMessageSchema),
  history: z.array(TicketEventSchema),
});
export type TicketDetail = z.infer<typeof TicketDetailSchema>;

export const TicketPageSchema = pageOf(TicketSchema);
export type TicketPage = z.infer<typeof TicketPageSchema>;

export const TicketCreateSchema = z.object({
  /** The conversation: its id, or its short number as the workspace shows it. */
  roomId: z.string().trim().min(1, 'Choose a conversation').max(64),
  subject: TicketSubjectSchema,
  priority: TicketPrioritySchema.default('normal'),
  assigneeCsId: z.string().max(64).nullable().optional(),
  dueAt: DueAtSchema.optional(),
});
export type TicketCreate = z.input<typeof TicketCreateSchema>;

export const TicketUpdateSchema = z
  .object({
    id: z.string().max(64),
    subject: TicketSubjectSchema.optional(),
    status: TicketStatusSchema.optional(),
    priority: TicketPrioritySchema.optional(),
    assigneeCsId: z.string().max(64).nullable().optional(),
    dueAt: DueAtSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 1, { message: 'Change at least one field' });
export type TicketUpdate = z.infer<typeof TicketUpdateSchema>;

export const TicketListQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
  status: TicketStatusSchema.optional(),
  priority: TicketPrioritySchema.optional(),
  assigneeCsId: z.string().max(64).optional(),
  search: z.string().max(200).optional(),
  roomId: z.string().max(64).optional(),
});
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;

export const TicketDailySchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), active: z.number(), opened: z.number(), resolved: z.number() })),
});
export type TicketDaily = z.infer<typeof TicketDailySchema>;

const DateSchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

/** Tickets (spec §7 `GET /tickets`; screens /tickets and /call-center, super admin by route guard). */
export const ticketsOperations = {
  listTickets: defineOperation({
    method: 'GET',
    path: '/api/cs/tickets',
    access: inboxAccess.inbox,
    tags,
    summary: 'Tickets, newest first, paged, filtered by status, priority, assignee or search',
    query: TicketListQuerySchema,
    response: TicketPageSchema,
    errors,
  }),
  getTicket: defineOperation({
    method: 'GET',
    path: '/api/cs/tickets/detail',
    access: inboxAccess.inbox,
    tags,
    summary: 'One ticket with its conversation and history',
    query: z.object({ id: z.string().max(64) }),
    response: TicketDetailSchema,
    errors,
  }),
  createTicket: defineOperation({
    method: 'POST',
    path: '/api/cs/tickets',
    access: inboxAccess.inbox,
    tags,
    summary: 'Turn a conversation into a ticket (one unresolved ticket per conversation)',
    body: TicketCreateSchema,
    response: TicketSchema,
    status: 201,
    errors,
  }),
  updateTicket: defineOperation({
    method: 'PUT',
    path: '/api/cs/tickets',
    access: inboxAccess.inbox,
    tags,
    summary: 'Change a ticket’s status, priority, assignee, due time or subject',
    body: TicketUpdateSchema,
    response: TicketSchema,
    errors,
  }),
  dailyTickets: defineOperation({
    method: 'GET',
    path: '/api/cs/tickets/daily',
    access: inboxAccess.supervisors,
    tags,
    summary: `Active (not resolved) tickets at the end of each local day from..to (at most ${CS_DAILY_MAX_DAYS} days)`,
    query: z.object({ from: DateSchema, to: DateSchema }),
    response: TicketDailySchema,
    errors,
  }),
};
