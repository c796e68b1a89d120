import { AppError } from '../../../platform/errors.js';

export const batchNotFound = () => new AppError(404, 'batch_not_found', 'Batch not found');
export const campaignNotActive = (status: string) =>
  new AppError(
    409,
    'campaign_not_active',
    `Only an active campaign takes notification files; this one is ${status.replace('_', ' ')}.`,
  );
export const campaignNameAmbiguous = (name: string) =>
  new AppError(
    409,
    'campaign_name_ambiguous',
    `Several campaigns are named "${name}"; give the campaign's code instead.`,
  );
export const scheduledTimePast = () =>
  new AppError(
    400,
    'scheduled_time_past',
    'scheduledTime is in the past; leave it out to send as soon as possible.',
  );
export const fileEmpty = () => new AppError(400, 'file_empty', 'The file is empty.');
export const fileNotTable = (what: string) =>
  new AppError(400, 'unsupported_file', `The file is ${what}; send a CSV (UTF-8) or an XLSX workbook.`);
export const batchChanged = () =>
  new AppError(409, 'batch_changed', 'The batch no longer waits for this task; reject it instead.');
export const batchDateRange = () =>
  new AppError(400, 'validation_failed', 'endDate: the end date comes on or after the start date');
