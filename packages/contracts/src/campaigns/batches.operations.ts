import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  BATCH_FILE_MAX_BYTES,
  BatchAcceptedSchema,
  BatchApiUploadFieldsSchema,
  BatchErrorInputQuerySchema,
  BatchInputQuerySchema,
  BatchListQuerySchema,
  BatchNotificationPageSchema,
  BatchPageSchema,
  BatchParamsSchema,
  BatchRejectPageSchema,
  BatchSchema,
  BatchUploadFieldsSchema,
  MarkPaidRequestSchema,
  MarkPaidResultSchema,
} from './batches.schemas.js';

// Spec §7 "upload notification file (campaignName, optional scheduledTime); upload history,
// notifications …; approval by batch" and "Message service: batches, notifications … CSV exports".
// The paths are ours. Who may call them depends on the batch's channel (client admins, the channel's
// makers and checkers; decision 0028), so the services decide; the public API takes the API secret.
const tags = ['campaigns'];
const fileUpload = { field: 'file', maxBytes: BATCH_FILE_MAX_BYTES };
const CampaignCodeParams = z.object({ campaignCode: z.string() });

export const batchesOperations = {
  uploadBatch: defineOperation({
    method: 'POST',
    path: '/api/campaign-batches',
    access: access.authenticated(),
    tags,
    summary:
      "Upload a notification file (CSV or XLSX, header row first) for an active campaign: answers 202 with the batch at once; a job reads the rows through the campaign's param translator (poll the batch for rowsRead and the counts)",
    upload: { ...fileUpload, fields: BatchUploadFieldsSchema },
    response: BatchAcceptedSchema,
    status: 202,
    errors: [400, 403, 404, 409, 413],
  }),
  listBatches: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches',
    access: access.authenticated(),
    tags,
    summary: 'Upload history: batches created in a date range (today by default), newest first',
    query: BatchListQuerySchema,
    response: BatchPageSchema,
    errors: [400, 403, 404],
  }),
  getBatch: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches/:batchId',
    access: access.authenticated(),
    tags,
    summary: 'One batch with its counts',
    params: BatchParamsSchema,
    response: BatchSchema,
    errors: [403, 404],
  }),
  batchInput: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches/:batchId/notifications',
    access: access.authenticated(),
    tags,
    summary: "A batch's notifications (batchInput) in row order, by status or recipient",
    params: BatchParamsSchema,
    query: BatchInputQuerySchema,
    response: BatchNotificationPageSchema,
    errors: [400, 403, 404],
  }),
  exportBatchInput: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches/:batchId/notifications/export',
    access: access.authenticated(),
    tags,
    summary: "A batch's notifications as CSV",
    params: BatchParamsSchema,
    answer: { kind: 'file', contentType: 'text/csv' },
    errors: [403, 404],
  }),
  batchErrorInput: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches/:batchId/rejects',
    access: access.authenticated(),
    tags,
    summary: "A batch's rows kept apart (batchErrorInput): invalid with the reason, blacklisted, duplicate",
    params: BatchParamsSchema,
    query: BatchErrorInputQuerySchema,
    response: BatchRejectPageSchema,
    errors: [400, 403, 404],
  }),
  exportBatchErrorInput: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches/:batchId/rejects/export',
    access: access.authenticated(),
    tags,
    summary: "A batch's rows kept apart as CSV (row, kind, reason and the row's cells)",
    params: BatchParamsSchema,
    query: BatchErrorInputQuerySchema.pick({ kind: true }),
    answer: { kind: 'file', contentType: 'text/csv' },
    errors: [400, 403, 404],
  }),

  markBatchRowPaid: defineOperation({
    method: 'POST',
    path: '/api/campaign-batches/:batchId/paid',
    access: access.authenticated(),
    tags,
    summary:
      "Mark a collection reminder's row paid (by rowNo, or recipient and optional reference): its reminders still queued are canceled at once",
    params: BatchParamsSchema,
    body: MarkPaidRequestSchema,
    response: MarkPaidResultSchema,
    errors: [400, 403, 404, 409],
  }),

  apiUploadBatch: defineOperation({
    method: 'POST',
    path: '/api/v1/campaigns/:campaignCode/batches',
    access: access.apiKey(),
    tags: ['public API'],
    summary:
      'Send a notification file (CSV or XLSX) to an active campaign, e.g. `curl -H "Authorization: Bearer $SECRET" -F scheduledTime=2026-12-01T09:00:00+07:00 -F file=@bills.csv …/api/v1/campaigns/BILL-DEC/batches` → 202 {"batchId":"…","status":"ingesting"}',
    params: CampaignCodeParams,
    upload: { ...fileUpload, fields: BatchApiUploadFieldsSchema },
    response: BatchAcceptedSchema,
    status: 202,
    errors: [400, 401, 403, 404, 409, 413],
  }),
  apiGetBatch: defineOperation({
    method: 'GET',
    path: '/api/v1/batches/:batchId',
    access: access.apiKey(),
    tags: ['public API'],
    summary:
      'A batch sent through the API or the portal: its status and counts, e.g. {"batchId":"…","status":"scheduled","rowsRead":1000,"validCount":990,"invalidCount":4,"blacklistedCount":1,"duplicateCount":5,…}',
    params: BatchParamsSchema,
    response: BatchSchema,
    errors: [401, 403, 404],
  }),
  apiMarkBatchRowPaid: defineOperation({
    method: 'POST',
    path: '/api/v1/batches/:batchId/paid',
    access: access.apiKey(),
    tags: ['public API'],
    summary:
      'A collection reminder\'s row paid, e.g. {"recipient":"081234567890","reference":"INV-1001"} → {"rows":1,"canceled":2}: its later reminders are not sent',
    params: BatchParamsSchema,
    body: MarkPaidRequestSchema,
    response: MarkPaidResultSchema,
    errors: [400, 401, 403, 404, 409],
  }),
};
