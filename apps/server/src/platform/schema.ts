// Every table, for Drizzle's relational queries and for drizzle-kit.
export * from '../modules/clients/clients.tables.js';
export * from '../modules/identity/identity.tables.js';
export * from '../modules/usage/usage.tables.js';
export * from './platform.tables.js';
