import { AppError, notFound } from '../../platform/errors.js';

export const subscriptionNotFound = () => notFound('subscription_not_found', 'Subscription not found');
export const subscriptionExists = () =>
  new AppError(409, 'subscription_exists', 'This client already has a subscription; update it instead.');
