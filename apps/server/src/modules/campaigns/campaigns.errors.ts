import { AppError } from '../../platform/errors.js';

export const campaignNotFound = () => new AppError(404, 'campaign_not_found', 'Campaign not found');
export const windowNotFound = () => new AppError(404, 'window_not_found', 'Sending window not found');
export const retryPlanNotFound = () => new AppError(404, 'retry_plan_not_found', 'Retry plan not found');
export const campaignCodeTaken = (code: string) =>
  new AppError(409, 'campaign_code_taken', `The client already has a campaign with the code ${code}.`);
export const windowNameTaken = () =>
  new AppError(409, 'window_name_taken', 'The client already has a sending window with this name.');
export const retryPlanNameTaken = () =>
  new AppError(409, 'retry_plan_name_taken', 'The client already has a retry plan with this name.');
export const windowInUse = (campaigns: number) =>
  new AppError(
    409,
    'window_in_use',
    `${campaigns} campaign(s) use this window; choose another for them first.`,
  );
export const retryPlanInUse = (campaigns: number) =>
  new AppError(
    409,
    'retry_plan_in_use',
    `${campaigns} campaign(s) use this retry plan; choose another for them first.`,
  );
export const templateChannelMismatch = (channel: string) =>
  new AppError(
    400,
    'template_channel_mismatch',
    `The template must be a ${channel} template, as the campaign is.`,
  );
/** A transition the campaign's state does not allow, named by what was asked and what was found. */
export const campaignTransitionRefused = (action: string, status: string, allowed: readonly string[]) =>
  new AppError(
    409,
    'campaign_status_conflict',
    `Cannot ${action} a campaign that is ${status.replace('_', ' ')}; only one that is ${allowed
      .map((state) => state.replace('_', ' '))
      .join(' or ')}.`,
  );
export const campaignEditPending = () =>
  new AppError(
    409,
    'campaign_edit_pending',
    'An edit of this campaign is waiting for a checker; it must be approved or rejected first.',
  );
export const campaignAwaitingApproval = () =>
  new AppError(
    409,
    'campaign_pending_approval',
    'This campaign is waiting for a checker and cannot change now.',
  );
export const notCampaignUser = (channel: string) =>
  new AppError(
    403,
    'forbidden',
    `Only the client's admins and the makers and checkers named for ${channel} may do this.`,
  );

/** A unique index refused the row (PostgreSQL 23505), wherever the driver put the code. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
