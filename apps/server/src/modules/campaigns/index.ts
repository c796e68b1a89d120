// What other modules and the composition root may use of campaigns: services, types and routes, never tables.

export { batchesJobs } from './batches/batches.jobs.js';
export {
  BATCH_APPROVE_TASK,
  BATCH_INGEST_JOB,
  type BatchDeps,
  type BatchSpec,
  createBatch,
  registerBatchApprovals,
} from './batches/batches.service.js';
export { campaignsRoutes } from './campaigns.routes.js';
export { seedCampaignDemo } from './campaigns.seed.js';
export {
  CAMPAIGN_ACTIVATE_TASK,
  CAMPAIGN_EDIT_TASK,
  getCampaign,
  registerCampaignApprovals,
} from './campaigns.service.js';
export { createBatchProgressPublisher } from './dispatch/batch-progress.js';
export { dispatchJobs } from './dispatch/dispatch.jobs.js';
export { dispatchRoutes } from './dispatch/dispatch.routes.js';
export {
  type BatchProgressEvent,
  createDispatcher,
  DEFAULT_DISPATCH_SETTINGS,
  type Dispatcher,
  type DispatchSettings,
} from './dispatch/dispatch.service.js';
export { createCampaignOutcomes } from './dispatch/dispatch-outcomes.js';
export { notificationsApiRoutes } from './notifications/notifications-api.routes.js';
export { campaignPdfJobs } from './pdf/pdf.jobs.js';
export { campaignPdfRoutes } from './pdf/pdf.routes.js';
export { type CampaignPdfs, createCampaignPdfs } from './pdf/pdf.service.js';
export { reportsRoutes } from './reports/reports.routes.js';
export { REPORT_EXPORT, reportExportProducer } from './reports/reports.service.js';
export {
  type AttemptsSoFar,
  type NextAttempt,
  nextAttempt,
  type RetrySchedule,
  retryDelaySeconds,
} from './retry-plans/retry-schedule.js';
export { selfServiceRoutes } from './self-service/self-service.routes.js';
export {
  STATUS_MESSAGES_EXPORT,
  statusMessagesExportProducer,
} from './status-messages/status-messages.service.js';
export { unsubscribeRoutes } from './unsubscribe/unsubscribe.routes.js';
export { unsubscribeUrl } from './unsubscribe/unsubscribe-link.js';
export { isOpen, nextOpening, type WindowSchedule } from './windows/window-schedule.js';
