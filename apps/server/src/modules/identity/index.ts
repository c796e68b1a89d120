export { accountRoutes } from './account/account.routes.js';
export type { AccountDeps } from './account/account.service.js';
export { type ApiKeyCache, createApiKeyCache } from './api-key-cache.js';
export { identityJobs, PURGE_EXPIRED_AUTH_JOB } from './identity.jobs.js';
export {
  findUser,
  insertUser,
  listUserIdsWithRoles,
  unsafeFindUserByEmail,
} from './identity.repository.js';
export { identityRoutes } from './identity.routes.js';
export { type IdentityDeps, isSessionLive, resolveSession } from './identity.service.js';
export type { UserRow } from './identity.tables.js';
export { loadLoginKey } from './login-key.js';
export { hashPassword } from './password.js';
export { changesAccess, createSessionCache, type SessionCache } from './session-cache.js';
export { ssoRoutes } from './sso/sso.routes.js';
export {
  listUserSummaries,
  listUsersByName,
  unsafeEmailTaken,
  unsafeFindUserNames,
  updateUserAgentLink,
} from './users/users.repository.js';
export { usersRoutes } from './users/users.routes.js';
export { createFirstAdmin, getManagedUser, registerUserApprovals } from './users/users.service.js';
