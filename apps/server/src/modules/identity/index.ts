export { identityJobs, PURGE_EXPIRED_AUTH_JOB } from './identity.jobs.js';
export { insertUser } from './identity.repository.js';
export { identityRoutes } from './identity.routes.js';
export { type IdentityDeps, resolveSession } from './identity.service.js';
export { type UserRow, users } from './identity.tables.js';
export { loadLoginKey } from './login-key.js';
export { hashPassword } from './password.js';
