// `@sapa/contracts/campaigns`: this area alone, for a bundle that needs none of the others (issue 19: the
// login page's entry). The root `@sapa/contracts` re-exports the same files; keep the two lists alike
// (contracts-entry-points.test.ts checks it).
export * from './batches.operations.js';
export * from './batches.schemas.js';
export * from './campaign-dashboard.operations.js';
export * from './campaigns.events.js';
export * from './campaigns.operations.js';
export * from './campaigns.schemas.js';
export * from './dispatch.operations.js';
export * from './notifications-api.operations.js';
export * from './pdf-fonts.coverage.js';
export * from './pdf-script.schemas.js';
export * from './pdf-scripts.operations.js';
export * from './reports.operations.js';
export * from './resources.operations.js';
export * from './resources.schemas.js';
export * from './self-service.operations.js';
export * from './status-messages.operations.js';
