export { rolesRoutes } from './roles.routes.js';
export { hasRight } from './roles.service.js';
