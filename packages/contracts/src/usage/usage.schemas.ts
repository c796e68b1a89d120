import { z } from 'zod';
import { LOG_TYPES } from '../access/log-types.js';

export const ApiMetricSchema = z.object({
  endpoint: z.string().min(1).max(500),
  role: z.string().max(10).optional(),
  duration: z.number().nonnegative().max(3_600_000).describe('Milliseconds'),
  status: z.number().int().min(0).max(999),
  clientId: z.string().max(64).optional().describe('Ignored: the session decides the client'),
});
export const ApiMetricBatchSchema = z.object({ apis: z.array(ApiMetricSchema).min(1).max(500) });
export type ApiMetricBatch = z.infer<typeof ApiMetricBatchSchema>;

export const PageMetricSchema = z
  .object({
    pageName: z.string().min(1).max(200),
    startTime: z.number().int().nonnegative().describe('Epoch milliseconds'),
    endTime: z.number().int().nonnegative().describe('Epoch milliseconds'),
  })
  .refine((metric) => metric.endTime >= metric.startTime, {
    message: 'endTime must not be earlier than startTime',
    path: ['endTime'],
  });
export type PageMetric = z.infer<typeof PageMetricSchema>;

export const LogTypeSchema = z.enum(LOG_TYPES);
export const ActivityLogSchema = z.object({
  type: LogTypeSchema,
  event: z.string().min(1).max(200),
  result: z.string().max(2000).default(''),
});
export type ActivityLog = z.infer<typeof ActivityLogSchema>;

export const PageQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(500).default(10),
  pageNumber: z.coerce.number().int().min(0).default(0),
});
