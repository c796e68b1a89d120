export { findClient, insertClient } from './clients.repository.js';
export { clientsRoutes } from './clients.routes.js';
export { getClient, listAccessibleClientIds, toClientInfo } from './clients.service.js';
export { type ClientRow, clients } from './clients.tables.js';
