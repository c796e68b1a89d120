export { rolesRoutes } from './roles.routes.js';
export { hasRight } from './roles.service.js';
export { rights, roleRights, roles } from './roles.tables.js';
