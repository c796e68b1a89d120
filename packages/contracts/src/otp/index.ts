// `@sapa/contracts/otp`: this area alone, for a bundle that needs none of the others (issue 19: the
// login page's entry). The root `@sapa/contracts` re-exports the same files; keep the two lists alike
// (contracts-entry-points.test.ts checks it).
export * from './otp.events.js';
export * from './otp.operations.js';
export * from './otp.schemas.js';
export * from './validation.schemas.js';
export * from './verify.schemas.js';
