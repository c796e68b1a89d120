export { subscriptionsRoutes } from './subscriptions.routes.js';
export { type SubscriptionRow, subscriptions } from './subscriptions.tables.js';
