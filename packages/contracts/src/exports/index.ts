// `@sapa/contracts/exports`: this area alone, for a bundle that needs none of the others (issue 19: the
// login page's entry). The root `@sapa/contracts` re-exports the same files; keep the two lists alike
// (contracts-entry-points.test.ts checks it).
export * from './exports.schemas.js';
