import { z } from 'zod';
import { pageOf } from '../admin/admin.schemas.js';

/** A requested export of any kind, built by a job (spec §7 exports; §9 "Export request type csv"). */
export const ExportSchema = z.object({
  id: z.string(),
  kind: z.string().describe('What is exported: chatroomHistory, customers, campaignStatusMessages, …'),
  asType: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().describe('0–100; 100 once done'),
  total: z.number().nullable(),
  processed: z.number(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  request: z.record(z.string(), z.unknown()),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Export = z.infer<typeof ExportSchema>;
export const ExportPageSchema = pageOf(ExportSchema);

/** The page of export requests a list operation reads. */
export const ExportPageQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(0).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});
