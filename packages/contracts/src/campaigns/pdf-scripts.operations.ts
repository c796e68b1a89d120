import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';
import { CampaignChangeSchema, CampaignChannelSchema } from './campaigns.schemas.js';
import {
  BatchPdfPageSchema,
  PdfCampaignPageSchema,
  PdfPreviewRequestSchema,
  UpdatePdfScriptRequestSchema,
} from './pdf-script.schemas.js';

// A campaign's PDF script, its preview, the PDFs made per batch, and the recipient's signed download
// (decision 0046). Who may is the campaign's rule (decision 0028), so the services decide.
const tags = ['campaigns'];
const CampaignParams = z.object({ campaignId: z.string() });
const BatchParams = z.object({ batchId: z.string() });

export const pdfScriptOperations = {
  updatePdfScript: defineOperation({
    method: 'PUT',
    path: '/api/campaigns/:campaignId/pdf-script',
    access: access.authenticated(),
    tags,
    summary:
      "Set or remove a campaign's per-recipient PDF: an edit of the campaign (a running one may wait for a checker)",
    params: CampaignParams,
    body: UpdatePdfScriptRequestSchema,
    response: CampaignChangeSchema,
    errors: [400, 403, 404, 409],
  }),
  previewPdfScript: defineOperation({
    method: 'POST',
    path: '/api/campaigns/:campaignId/pdf-script/preview',
    access: access.authenticated(),
    tags,
    summary:
      "A PDF script rendered for a sample row read through the campaign's param translator (the PDF bytes; not saved)",
    params: CampaignParams,
    body: PdfPreviewRequestSchema,
    answer: { kind: 'file', contentType: 'application/pdf' },
    errors: [400, 403, 404],
  }),
  listPdfCampaigns: defineOperation({
    method: 'GET',
    path: '/api/campaign-pdfs',
    access: access.authenticated(),
    tags,
    summary:
      "A channel's campaigns with a PDF script, newest first, each with its latest batches' PDF counts",
    query: PageQuerySchema.extend({ channel: CampaignChannelSchema }),
    response: PdfCampaignPageSchema,
    errors: [400, 403],
  }),
  listBatchPdfs: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches/:batchId/pdfs',
    access: access.authenticated(),
    tags,
    summary: "The PDFs rendered for a batch's recipients, by row",
    params: BatchParams,
    query: PageQuerySchema,
    response: BatchPdfPageSchema,
    errors: [400, 403, 404],
  }),
  downloadBatchPdf: defineOperation({
    method: 'GET',
    path: '/api/campaign-batches/:batchId/pdfs/:notificationId',
    access: access.authenticated(),
    tags,
    summary: "One recipient's PDF as it was sent",
    params: BatchParams.extend({ notificationId: z.string() }),
    answer: { kind: 'file', contentType: 'application/pdf' },
    errors: [403, 404],
  }),
  downloadRecipientPdf: defineOperation({
    method: 'GET',
    path: '/p/:token',
    access: access.public(),
    tags,
    summary:
      "The recipient's PDF behind the short link of an SMS, WhatsApp or Telegram message: signed, for one client and recipient, until it expires",
    params: z.object({ token: z.string().max(200) }),
    answer: { kind: 'file', contentType: 'application/pdf' },
    errors: [403, 404],
  }),
};
