export { clientAccessSubquery, findClient, insertClient } from './clients.repository.js';
export { type ClientAdminDeps, clientsRoutes } from './clients.routes.js';
export {
  clientNotFound,
  clientPhoneCountry,
  getClient,
  listAccessibleClientIds,
  toClientInfo,
  unsafeFindClientByApiSecret,
} from './clients.service.js';
export type { ClientRow } from './clients.tables.js';
