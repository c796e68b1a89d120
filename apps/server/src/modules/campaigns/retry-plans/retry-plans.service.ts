import { RETRY_OUTCOMES, type RetryPlan, type RetryPlanInput } from '@sapa/contracts';
import { retryPlanInUse, retryPlanNameTaken, retryPlanNotFound } from '../campaigns.errors.js';
import {
  deleteRetryPlan,
  findRetryPlan,
  insertRetryPlan,
  listRetryPlans,
  updateRetryPlan,
} from '../campaigns.repository.js';
import type { CampaignRetryPlanRow } from '../campaigns.tables.js';
import { namedSettingService } from '../named-settings.js';

function toRetryPlan(row: CampaignRetryPlanRow): RetryPlan {
  return {
    retryPlanId: row.id,
    name: row.name,
    maxAttempts: row.maxAttempts,
    delay: row.delay,
    retryOn: row.retryOn,
    fallbackChannels: row.fallbackChannels,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Retry plans: CRUD through the named-setting shape; outcomes kept once each, in the contract's order. */
export const retryPlans = namedSettingService({
  entityType: 'retry_plan',
  normalise: (input: RetryPlanInput) => ({
    ...input,
    retryOn: RETRY_OUTCOMES.filter((outcome) => input.retryOn.includes(outcome)),
  }),
  toView: toRetryPlan,
  usedAs: (retryPlanId) => ({ retryPlanId }),
  list: listRetryPlans,
  find: findRetryPlan,
  insert: insertRetryPlan,
  update: updateRetryPlan,
  remove: deleteRetryPlan,
  notFound: retryPlanNotFound,
  nameTaken: retryPlanNameTaken,
  inUse: retryPlanInUse,
});
