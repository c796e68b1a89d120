// `@sapa/contracts/access`: this area alone, for a bundle that needs none of the others (issue 19: the
// login page's entry). The root `@sapa/contracts` re-exports the same files; keep the two lists alike
// (contracts-entry-points.test.ts checks it).
export * from './access-rule.js';
export * from './features.js';
export * from './log-types.js';
export * from './login-redirect.js';
export * from './roles.js';
export * from './route-guards.js';
