import { z } from 'zod';

export const ROUTING_STRATEGIES = ['weighted', 'leastBusy', 'roundRobin'] as const;
export type RoutingStrategy = (typeof ROUTING_STRATEGIES)[number];

export const MaintenanceSchema = z.object({
  enabled: z.boolean(),
  message: z.string().trim().min(1, 'Write the message customers get').max(4096, 'At most 4096 characters'),
  periodMinutes: z.number().int().min(1, 'At least one minute').max(43_200, 'At most 30 days'),
});
export type Maintenance = z.infer<typeof MaintenanceSchema>;

/** Every field of spec §3's per-client configuration; CS_CONFIG_DEFAULTS is where a new client starts. */
export const CsConfigSchema = z.object({
  autoclose: z.object({ enabled: z.boolean(), minutes: z.number().int().positive() }),
  featureManager: z.boolean(),
  featureCs: z.boolean(),
  featureCsManager: z.boolean(),
  autoAssignTicket: z.boolean(),
  isDisplayingUserData: z.boolean(),
  isDisplayingUserDataChatHistory: z.boolean(),
  isDisplayingCsData: z.boolean(),
  userDataDisplay: z.array(z.string()),
  userDataChatHistoryDisplay: z.array(z.string()),
  userDataEditable: z.array(z.string()),
  csDataDisplay: z.array(z.string()),
  mandatoryRemarksTemplate: z.boolean(),
  isSpvShowByTags: z.boolean(),
  isInfinityScroll: z.boolean(),
  showTemplateClosingRemarks: z.boolean(),
  openAPI: z.boolean(),
  /** Where a new conversation starts: the agents' queue or the bot. */
  initialState: z.enum(['queue', 'bot']),
  isMultilayerEscalation: z.boolean(),
  mandatoryCategory: z.boolean(),
  chatBot: z.boolean(),
  package: z.string(),
  /**
   * Routing strategy for autoAssignTicket: by percentageWeight, to the least busy agent, or round robin
   * (the agent whose last assignment is oldest goes next).
   */
  strategy: z.enum(ROUTING_STRATEGIES),
  /**
   * Seconds an online agent may be without any live connection (every tab closed, network gone)
   * before they are set offline and their unanswered rooms go back to the queue.
   */
  presenceGraceSeconds: z.number().int().min(1).max(3600),
  /** After an agent closes a conversation, ask the customer to rate it (WhatsApp reply buttons). */
  csatEnabled: z.boolean(),
  /**
   * The inbox in maintenance (`/config/maintenance`): customers who write get `message` (at most once per
   * `periodMinutes` each), agents see a banner in the chat workspace.
   */
  maintenance: MaintenanceSchema,
});
export type CsConfig = z.infer<typeof CsConfigSchema>;
export const CsConfigPatchSchema = CsConfigSchema.partial();

export const CS_CONFIG_DEFAULTS: CsConfig = {
  autoclose: { enabled: false, minutes: 1440 },
  featureManager: true,
  featureCs: true,
  featureCsManager: true,
  autoAssignTicket: false,
  isDisplayingUserData: false,
  isDisplayingUserDataChatHistory: false,
  isDisplayingCsData: false,
  userDataDisplay: [],
  userDataChatHistoryDisplay: [],
  userDataEditable: [],
  csDataDisplay: [],
  mandatoryRemarksTemplate: false,
  isSpvShowByTags: false,
  isInfinityScroll: true,
  showTemplateClosingRemarks: false,
  openAPI: false,
  initialState: 'queue',
  isMultilayerEscalation: false,
  mandatoryCategory: false,
  chatBot: false,
  package: 'standard',
  strategy: 'weighted',
  presenceGraceSeconds: 60,
  csatEnabled: false,
  maintenance: {
    enabled: false,
    message: 'Our chat is under maintenance. We will answer you as soon as we are back.',
    periodMinutes: 60,
  },
};

/** A stored configuration with the defaults under it; fields saved by older versions are dropped. */
export function withDefaults(stored: Record<string, unknown> | null | undefined): CsConfig {
  return CsConfigSchema.parse({ ...CS_CONFIG_DEFAULTS, ...(stored ?? {}) });
}

export const ConfigurationSchema = z.object({
  clientId: z.string(),
  config: CsConfigSchema,
  defaultBot: z.string().nullable(),
});

/** Response shapes of /api/cs (spec §7): one schema validates, types and documents each answer. */
export const CsAgentSchema = z.object({
  csId: z.string(),
  id: z.string(),
  kind: z.enum(['cs', 'manager', 'internal']),
  userId: z.string().nullable(),
  name: z.string(),
  csName: z.string(),
  email: z.string(),
  tags: z.array(z.string()),
  activeBot: z.boolean(),
  botName: z.string().nullable(),
  csData: z.record(z.string(), z.unknown()),
  percentageWeight: z.number(),
  capacity: z.number(),
  deactivated: z.boolean(),
  deleted: z.boolean(),
  isDeleted: z.boolean(),
  oneSignalId: z.string().nullable(),
  status: z.enum(['online', 'away', 'offline']),
  statusSince: z.string(),
  lastLogin: z.string().nullable().optional(),
  lastLogout: z.string().nullable().optional(),
});

export const CsCustomerSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  name: z.string().nullable(),
  tags: z.array(z.string()),
  userData: z.record(z.string(), z.unknown()),
  mediaPlatform: z.string(),
  imgProfileUrl: z.string().nullable(),
  csId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const CsTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
});

export const ChatRoomSchema = z.object({
  id: z.string(),
  roomId: z.string(),
  shortId: z.number(),
  clientId: z.string(),
  customerPhoneNumber: z.string(),
  phoneNumber: z.string(),
  name: z.string().nullable(),
  csId: z.string().nullable(),
  status: z.enum(['queued', 'open', 'closed']),
  createdAt: z.string(),
  assignedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  priority: z.string().nullable(),
  category: z.object({ id: z.string().nullable(), name: z.string().nullable() }).nullable(),
  tags: z.array(z.string()),
  remarks: z.string().nullable(),
  mediaPlatform: z.string(),
  channel: z.string(),
  campaign: z.string().nullable(),
  isBot: z.boolean(),
  isInternal: z.boolean(),
  mergedInto: z.string().nullable(),
  assignmentReason: z.string().nullable(),
  lastMessage: z
    .object({ content: z.string().nullable(), at: z.string(), fromCs: z.boolean().nullable() })
    .nullable(),
  unreadCount: z.number(),
  /** The customer's rating after close (1 bad – 3 good): asked when `requestedAt` is set, `score` once answered. */
  csat: z
    .object({ requestedAt: z.string(), score: z.number().int().nullable(), at: z.string().nullable() })
    .nullable()
    .optional(),
});

/** A private note between agents and supervisors in a customer's room: never sent to the customer. */
export const NOTE_MESSAGE_TYPE = 'note';
/**
 * Something that happened to the room (a transfer to an agent or to a tag's queue), kept in the
 * conversation where it happened, for agents and supervisors; never sent. Its `content` is a
 * `RoomEvent` as JSON, so each reader words it in their own language.
 */
export const ROOM_EVENT_MESSAGE_TYPE = 'room_event';
export const RoomEventSchema = z.object({
  event: z.enum(['transferred', 'queued']),
  /** Names as colleagues know them: the agents' display names, the actor's. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The tag whose queue took the room (`queued`). */
  tag: z.string().nullable(),
  by: z.string(),
});
export type RoomEvent = z.infer<typeof RoomEventSchema>;

/** A stored room event read back; null when the text is not one (never throws on old or odd rows). */
export function parseRoomEvent(content: string | null): RoomEvent | null {
  if (!content) return null;
  try {
    const parsed = RoomEventSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The rating question sent to the customer after close, and their answer (a tapped button). */
export const CSAT_REQUEST_MESSAGE_TYPE = 'csat_request';
export const CSAT_REPLY_MESSAGE_TYPE = 'csat_reply';
/** The rating buttons, best first: a score and the title the customer sees (WhatsApp: 20 characters at most). */
export const CSAT_BUTTONS = [
  { score: 3, title: '😀 Baik / Good' },
  { score: 2, title: '😐 Cukup / OK' },
  { score: 1, title: '🙁 Buruk / Bad' },
] as const;
export const CSAT_QUESTION =
  'Bagaimana layanan kami tadi? Ketuk satu pilihan.\nHow did we do? Tap one answer.';

export const ChatMessageSchema = z.object({
  messageId: z.string(),
  id: z.string(),
  roomId: z.string(),
  type: z.string(),
  content: z.string().nullable(),
  url: z.string().nullable(),
  mimeType: z.string().nullable(),
  fromCs: z.boolean(),
  csId: z.string().nullable(),
  isInternal: z.boolean(),
  /** The writer of a private note (type `note`); absent or null on other messages. */
  authorName: z.string().nullable().optional(),
  status: z.string().nullable(),
  error: z.object({ code: z.string(), title: z.string().nullable() }).nullable(),
  providerMessageId: z.string().nullable(),
  replyToProviderMessageId: z.string().nullable(),
  /** The customer's reaction (an emoji) to this message. */
  reaction: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

/** A keyset page: `lastEvaluatedKey` is opaque; null on the last page. */
export const keysetPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), lastEvaluatedKey: z.string().nullable() });

export const CsRowReportSchema = z.object({
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  rows: z.array(
    z.object({
      row: z.number(),
      email: z.string().nullable().optional(),
      phoneNumber: z.string().nullable().optional(),
      ok: z.boolean(),
      error: z.string().nullable(),
    }),
  ),
});

/** Tags arrive as an array or a comma-separated string ("" for none). */
const CsTagsFieldSchema = z.union([z.array(z.string().max(100)), z.string().max(2000)]).optional();

/**
 * A customer as written by `POST /api/cs/customers` and by each row of a customer import: one schema,
 * so a file cannot store what the API refuses.
 */
export const CsCustomerInputSchema = z.object({
  phoneNumber: z.string().min(1).max(30),
  name: z.string().max(200).nullable().optional(),
  mediaPlatform: z.string().max(50).optional(),
  tags: CsTagsFieldSchema,
  userData: z.record(z.string(), z.unknown()).optional(),
  removeTag: CsTagsFieldSchema,
});

/**
 * A customer import: the file is checked whole when uploaded (refused rows listed), then its rows are
 * written by a job in chunks; `processed` counts the rows written so far.
 */
export const CsCustomerImportSchema = CsRowReportSchema.extend({
  id: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Rows accepted for writing (the valid ones). */
  accepted: z.number(),
  processed: z.number(),
  progress: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const CsTagNamesSchema = z.object({ tags: z.array(z.string()) });

export type CsAgent = z.infer<typeof CsAgentSchema>;
export type CsCustomer = z.infer<typeof CsCustomerSchema>;
export type CsTag = z.infer<typeof CsTagSchema>;
export type ChatRoom = z.infer<typeof ChatRoomSchema>;
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
export type CsRowReport = z.infer<typeof CsRowReportSchema>;
export type CsCustomerInput = z.infer<typeof CsCustomerInputSchema>;
export type CsCustomerImport = z.infer<typeof CsCustomerImportSchema>;
