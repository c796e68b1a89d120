export { usageRoutes } from './usage.routes.js';
export { recordActivity } from './usage.service.js';
