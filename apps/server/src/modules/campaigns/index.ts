// What other modules and the composition root may use of campaigns: services, types and routes, never tables.

export { campaignsRoutes } from './campaigns.routes.js';
export {
  CAMPAIGN_ACTIVATE_TASK,
  CAMPAIGN_EDIT_TASK,
  getCampaign,
  registerCampaignApprovals,
} from './campaigns.service.js';
export {
  type AttemptsSoFar,
  type NextAttempt,
  nextAttempt,
  type RetrySchedule,
  retryDelaySeconds,
} from './retry-plans/retry-schedule.js';
export {
  STATUS_MESSAGES_EXPORT,
  statusMessagesExportProducer,
} from './status-messages/status-messages.service.js';
export { isOpen, nextOpening, type WindowSchedule } from './windows/window-schedule.js';
