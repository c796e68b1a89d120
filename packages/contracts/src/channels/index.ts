// `@sapa/contracts/channels`: this area alone, for a bundle that needs none of the others (issue 19: the
// login page's entry). The root `@sapa/contracts` re-exports the same files; keep the two lists alike
// (contracts-entry-points.test.ts checks it).
export * from './providers.operations.js';
export * from './sandbox-phone.schemas.js';
export * from './telegram-webhook.operations.js';
export * from './whatsapp.operations.js';
export * from './whatsapp-templates.operations.js';
export * from './whatsapp-templates.schemas.js';
