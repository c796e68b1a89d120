import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { pageOf } from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';

/**
 * Analytics of the customer-service platform (spec §7 "Analytics", decision 0038): saved dashboards
 * of chart widgets built from the rooms and messages, the chatbot dashboard, the Metabase embed and
 * the scheduled email digests (email pulse).
 */

/** What a widget shows; each is computed from the client's rooms over local days. */
export const ANALYTICS_WIDGET_KINDS = [
  'conversationsByHour',
  'firstResponseTime',
  'resolutionTime',
  'botContainment',
  'agentLoad',
] as const;
export type AnalyticsWidgetKind = (typeof ANALYTICS_WIDGET_KINDS)[number];
/** A widget's range is the last N local days ending today, at most a quarter (as the daily charts). */
export const ANALYTICS_MAX_RANGE_DAYS = 92;

export const AnalyticsWidgetSchema = z.object({
  kind: z.enum(ANALYTICS_WIDGET_KINDS),
  title: z.string().trim().max(100).optional(),
  rangeDays: z.number().int().min(1).max(ANALYTICS_MAX_RANGE_DAYS).default(7),
});
export type AnalyticsWidget = z.infer<typeof AnalyticsWidgetSchema>;

/** PUT /analytics: without `id` in the query a new dashboard, with it a change to that one. */
export const AnalyticsDashboardSaveSchema = z.object({
  name: z.string().trim().min(1, 'Give the dashboard a name').max(100),
  description: z.string().trim().max(500).optional(),
  widgets: z.array(AnalyticsWidgetSchema).min(1, 'Add at least one widget').max(12),
});
export type AnalyticsDashboardSave = z.input<typeof AnalyticsDashboardSaveSchema>;

export const AnalyticsDashboardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  widgets: z.array(AnalyticsWidgetSchema),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboardSchema>;
export const AnalyticsDashboardPageSchema = pageOf(AnalyticsDashboardSchema);

const nullableSeconds = z.number().nullable();
const DurationFiguresSchema = z.object({
  /** Conversations with the duration measured (answered, or closed). */
  count: z.number(),
  median: nullableSeconds,
  p90: nullableSeconds,
  byDay: z.array(z.object({ date: z.string(), count: z.number(), median: nullableSeconds })),
});
/** Rooms the bot held (spec: the bot queue, `isBot`) started in a range, and how they ended. */
export const BotContainmentSchema = z.object({
  /** Conversations the bot held at some point. */
  botConversations: z.number(),
  /** Closed while the bot still held them: no agent was needed. */
  contained: z.number(),
  /** Handed to the agents' queue. */
  handedOff: z.number(),
  /** Still with the bot. */
  inProgress: z.number(),
  /** contained / (contained + handedOff) in percent, one decimal; null when none has ended. */
  containmentRate: z.number().nullable(),
  byDay: z.array(z.object({ date: z.string(), contained: z.number(), handedOff: z.number() })),
});
export type BotContainment = z.infer<typeof BotContainmentSchema>;

export const WidgetDataSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('conversationsByHour'),
    total: z.number(),
    byHour: z.array(z.object({ hour: z.number(), conversations: z.number() })),
  }),
  z.object({ kind: z.literal('firstResponseTime'), ...DurationFiguresSchema.shape }),
  z.object({ kind: z.literal('resolutionTime'), ...DurationFiguresSchema.shape }),
  z.object({ kind: z.literal('botContainment'), ...BotContainmentSchema.shape }),
  z.object({
    kind: z.literal('agentLoad'),
    agents: z.array(
      z.object({
        csId: z.string(),
        name: z.string(),
        conversations: z.number(),
        resolved: z.number(),
        firstResponseMedian: nullableSeconds,
      }),
    ),
  }),
]);
export type WidgetData = z.infer<typeof WidgetDataSchema>;

export const WidgetResultSchema = z.object({
  widget: AnalyticsWidgetSchema,
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  data: WidgetDataSchema,
});
export type WidgetResult = z.infer<typeof WidgetResultSchema>;

export const DashboardAnalyticsSchema = z.object({
  dashboard: AnalyticsDashboardSchema.nullable(),
  results: z.array(WidgetResultSchema),
});
export type DashboardAnalytics = z.infer<typeof DashboardAnalyticsSchema>;

export const ChatbotDashboardSchema = BotContainmentSchema.extend({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
});
export type ChatbotDashboard = z.infer<typeof ChatbotDashboardSchema>;

/** Local days from..to (`YYYY-MM-DD`) that replace every widget's own range. */
const RangeQuerySchema = { from: z.string().optional(), to: z.string().optional() };

export const MetabaseSettingsSaveSchema = z.object({
  siteUrl: z
    .string()
    .trim()
    .max(500)
    .regex(
      /^https?:\/\/[^\s/]+(\/[^\s]*)?$/,
      'Enter the Metabase address, like https://metabase.example.com',
    ),
  /** Metabase's embedding secret key; left out, the stored one stays. */
  secretKey: z.string().min(16, 'The embedding secret key has at least 16 characters').max(200).optional(),
  dashboardId: z.number().int().min(1),
});
export type MetabaseSettingsSave = z.infer<typeof MetabaseSettingsSaveSchema>;

export const MetabaseEmbedSchema = z.discriminatedUnion('configured', [
  z.object({ configured: z.literal(false) }),
  z.object({
    configured: z.literal(true),
    siteUrl: z.string(),
    dashboardId: z.number(),
    /** The dashboard's embed address with a signed token (HS256 with the client's secret key). */
    embedUrl: z.string(),
    expiresAt: z.string(),
  }),
]);
export type MetabaseEmbed = z.infer<typeof MetabaseEmbedSchema>;

export const EMAIL_PULSE_FREQUENCIES = ['daily', 'weekly'] as const;
export const EMAIL_PULSE_STATUSES = ['active', 'paused'] as const;
export type EmailPulseStatus = (typeof EMAIL_PULSE_STATUSES)[number];

export const EmailPulseSaveSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the pulse a name').max(100),
    recipients: z
      .array(z.email('Enter valid email addresses').max(254))
      .min(1, 'Add at least one recipient')
      .max(20),
    widgets: z
      .array(z.enum(ANALYTICS_WIDGET_KINDS))
      .min(1, 'Choose at least one figure')
      .max(ANALYTICS_WIDGET_KINDS.length),
    frequency: z.enum(EMAIL_PULSE_FREQUENCIES),
    /** Weekly pulses: the local weekday, 0 Sunday to 6 Saturday. */
    dayOfWeek: z.number().int().min(0).max(6).nullable().optional(),
    /** The local hour (client's time zone) the digest leaves. */
    hour: z.number().int().min(0).max(23),
  })
  .refine((pulse) => pulse.frequency === 'daily' || typeof pulse.dayOfWeek === 'number', {
    message: 'Choose the day of the week a weekly pulse is sent',
    path: ['dayOfWeek'],
  });
export type EmailPulseSave = z.infer<typeof EmailPulseSaveSchema>;

export const EmailPulseSchema = z.object({
  id: z.string(),
  name: z.string(),
  recipients: z.array(z.string()),
  widgets: z.array(z.enum(ANALYTICS_WIDGET_KINDS)),
  frequency: z.enum(EMAIL_PULSE_FREQUENCIES),
  dayOfWeek: z.number().nullable(),
  hour: z.number(),
  timezone: z.string(),
  status: z.enum(EMAIL_PULSE_STATUSES),
  nextRunAt: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EmailPulse = z.infer<typeof EmailPulseSchema>;
export const EmailPulsePageSchema = pageOf(EmailPulseSchema);

const errors = [400, 403, 404] as const;
const page = {
  pageNumber: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
  search: z.string().max(200).optional(),
};
/** Spec §6: email pulse is the super admin's. */
const pulseAccess = access.feature('CS', ['SAD']);

export const analyticsOperations = {
  listDashboards: defineOperation({
    method: 'GET',
    path: '/api/cs/analytics',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Saved analytics dashboards, paged, with search; with id only that one (404 when unknown)',
    query: z.object({ id: z.string().max(100).optional(), ...page }),
    response: AnalyticsDashboardPageSchema,
    errors,
  }),
  saveDashboard: defineOperation({
    method: 'PUT',
    path: '/api/cs/analytics',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Create an analytics dashboard, or change the one named by id',
    query: z.object({ id: z.string().max(100).optional() }),
    body: AnalyticsDashboardSaveSchema,
    response: AnalyticsDashboardSchema,
    errors,
  }),
  deleteDashboard: defineOperation({
    method: 'DELETE',
    path: '/api/cs/analytics',
    access: inboxAccess.supervisors,
    tags,
    summary: 'Delete an analytics dashboard',
    query: z.object({ id: z.string().max(100) }),
    response: z.object({ deleted: z.number() }),
    errors,
  }),
  getDashboardAnalytics: defineOperation({
    method: 'GET',
    path: '/api/cs/dashboard/analytics',
    access: inboxAccess.supervisors,
    tags,
    summary:
      'The figures of a saved dashboard’s widgets, each over its own last N local days or over from..to',
    query: z.object({ id: z.string().max(100), ...RangeQuerySchema }),
    response: DashboardAnalyticsSchema,
    errors,
  }),
  previewDashboardAnalytics: defineOperation({
    method: 'PUT',
    path: '/api/cs/dashboard/analytics',
    access: inboxAccess.supervisors,
    tags,
    summary:
      'The figures of unsaved widgets (the editor’s preview): one widget, or with isArray=true an array of them',
    query: z.object({
      isArray: z.enum(['true', 'false']).optional(),
      ...RangeQuerySchema,
    }),
    body: z.union([AnalyticsWidgetSchema, z.array(AnalyticsWidgetSchema).min(1).max(12)]),
    response: DashboardAnalyticsSchema,
    errors,
  }),
  getChatbotDashboard: defineOperation({
    method: 'GET',
    path: '/api/cs/dashboard/chatbotDashboard',
    access: inboxAccess.supervisors,
    tags,
    summary:
      'Bot containment for local days from..to (default the last 7): conversations the bot closed alone vs handed to agents',
    query: z.object(RangeQuerySchema),
    response: ChatbotDashboardSchema,
    errors,
  }),
  getMetabaseEmbed: defineOperation({
    method: 'GET',
    path: '/api/cs/analytics/metabase',
    access: inboxAccess.supervisors,
    tags,
    summary: 'The configured Metabase dashboard’s signed embed address, or configured: false',
    response: MetabaseEmbedSchema,
    errors,
  }),
  saveMetabaseSettings: defineOperation({
    method: 'PUT',
    path: '/api/cs/analytics/metabase',
    access: inboxAccess.admins,
    tags,
    summary: 'Set the Metabase site, embedding secret key (kept encrypted) and dashboard to embed',
    body: MetabaseSettingsSaveSchema,
    response: MetabaseEmbedSchema,
    errors,
  }),
  listEmailPulses: defineOperation({
    method: 'GET',
    path: '/api/cs/email-pulse',
    access: pulseAccess,
    tags,
    summary: 'Email pulses (scheduled analytics digests), paged, with search',
    query: z.object(page),
    response: EmailPulsePageSchema,
    errors,
  }),
  createEmailPulse: defineOperation({
    method: 'POST',
    path: '/api/cs/email-pulse',
    access: pulseAccess,
    tags,
    summary: 'Schedule an email pulse: chosen figures to chosen recipients, daily or weekly at a local hour',
    body: EmailPulseSaveSchema,
    response: EmailPulseSchema,
    errors,
  }),
  updateEmailPulse: defineOperation({
    method: 'PUT',
    path: '/api/cs/email-pulse',
    access: pulseAccess,
    tags,
    summary: 'Change an email pulse',
    query: z.object({ id: z.string().max(100) }),
    body: EmailPulseSaveSchema,
    response: EmailPulseSchema,
    errors,
  }),
  changeEmailPulseStatus: defineOperation({
    method: 'PUT',
    path: '/api/cs/email-pulse/change-status',
    access: pulseAccess,
    tags,
    summary: 'Pause an email pulse or make it active again',
    query: z.object({ id: z.string().max(100) }),
    body: z.object({ status: z.enum(EMAIL_PULSE_STATUSES) }),
    response: EmailPulseSchema,
    errors,
  }),
};
