export { findClient, insertClient } from './clients.repository.js';
export { type ClientAdminDeps, clientsRoutes } from './clients.routes.js';
export {
  clientNotFound,
  getClient,
  listAccessibleClientIds,
  toClientInfo,
  unsafeFindClientByApiSecret,
} from './clients.service.js';
export { type ClientRow, clientApiSecrets, clients } from './clients.tables.js';
