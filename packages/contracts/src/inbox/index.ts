// `@sapa/contracts/inbox`: this area alone, for a bundle that needs none of the others (issue 19: the
// login page's entry). The root `@sapa/contracts` re-exports the same files; keep the two lists alike
// (contracts-entry-points.test.ts checks it).
export * from './agent-status.js';
export * from './agents.operations.js';
export * from './analytics.operations.js';
export * from './auto-reply.operations.js';
export * from './availability.operations.js';
export * from './categories.operations.js';
export * from './chat.operations.js';
export * from './configuration.operations.js';
export * from './cs-admin.schemas.js';
export * from './dashboard.operations.js';
export * from './exports.operations.js';
export * from './inbox.access.js';
export * from './inbox.events.js';
export * from './inbox.schemas.js';
export * from './rooms.operations.js';
export * from './templates.operations.js';
