export { findSubscription, unsafeSubscriptionTermsSubquery } from './subscriptions.repository.js';
export { subscriptionsRoutes } from './subscriptions.routes.js';
export type { SubscriptionRow } from './subscriptions.tables.js';
