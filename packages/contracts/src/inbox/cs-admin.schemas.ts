import { z } from 'zod';
import { pageOf } from '../admin/admin.schemas.js';
import { ExportSchema } from '../exports/exports.schemas.js';

/**
 * Shapes of the inbox's administration APIs (spec §7 "Configuration, templates", "Analytics", exports):
 * chat templates, room categories, the customer-service dashboard and export requests. The server
 * validates and documents its answers with them and the web parses what it receives with the same.
 */

export const ChatTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  shortcut: z.string().nullable(),
  isClosingRemark: z.boolean(),
  active: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatTemplate = z.infer<typeof ChatTemplateSchema>;

export const ChatTemplatePageSchema = pageOf(ChatTemplateSchema);

/** PUT /chatTemplate: without id a new template, with id a change to that one. */
export const ChatTemplateSaveSchema = z.object({
  id: z.string().optional(),
  name: z.string().trim().min(1).max(200),
  content: z.string().min(1).max(4096),
  shortcut: z.string().max(50).nullable().optional(),
  isClosingRemark: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type ChatTemplateSave = z.infer<typeof ChatTemplateSaveSchema>;

export const ChatTemplateActionSchema = z.object({
  action: z.enum(['activate', 'deactivate', 'delete']),
  ids: z.array(z.string()).min(1).max(500),
});
export type ChatTemplateAction = z.infer<typeof ChatTemplateActionSchema>;

export const RoomCategorySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type RoomCategory = z.infer<typeof RoomCategorySchema>;
export const RoomCategoryListSchema = z.object({ items: z.array(RoomCategorySchema) });
export const RoomCategoryNameSchema = z.string().trim().min(1).max(200);

export const CsDashboardSummarySchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totalConversation: z.number(),
  openConversation: z.number(),
  closedConversation: z.number(),
  activeCs: z.number(),
  /**
   * Ratings customers gave in the range (1 bad – 3 good): how many, their average, and the share of
   * "good" answers in percent (the usual CSAT score); null figures while there is none.
   */
  csat: z
    .object({
      responses: z.number(),
      average: z.number().nullable(),
      satisfiedPercent: z.number().nullable(),
    })
    .optional(),
});
export type CsDashboardSummary = z.infer<typeof CsDashboardSummarySchema>;

/** The most days the daily charts cover in one request. */
export const CS_DAILY_MAX_DAYS = 92;

export const CsDailySeriesSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  days: z.array(z.object({ date: z.string(), activeCustomers: z.number(), tickets: z.number() })),
});
export type CsDailySeries = z.infer<typeof CsDailySeriesSchema>;

export const CsAgentStatusRowSchema = z.object({
  csId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  statusSince: z.string(),
  capacity: z.number(),
  openRooms: z.number(),
});
export type CsAgentStatusRow = z.infer<typeof CsAgentStatusRowSchema>;

export const CsRealtimeStatusPageSchema = pageOf(CsAgentStatusRowSchema);

/** The inbox's exports: the platform's export of its two kinds. */
export const CsExportSchema = ExportSchema.extend({ kind: z.enum(['chatroomHistory', 'customers']) });
export type CsExport = z.infer<typeof CsExportSchema>;

export const CsExportPageSchema = pageOf(CsExportSchema);
