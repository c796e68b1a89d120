// Every table, for drizzle-kit and for tests and benches that write rows directly. It lives in the
// composition root, beside app.ts, because it names every module: platform never imports a module.
export * from './modules/approvals/approvals.tables.js';
export * from './modules/campaigns/campaigns.tables.js';
export * from './modules/clients/clients.tables.js';
export * from './modules/contacts/blacklist/blacklist.tables.js';
export * from './modules/contacts/customers/customers.tables.js';
export * from './modules/contacts/tags/tags.tables.js';
export * from './modules/identity/identity.tables.js';
export * from './modules/inbox/agents/agents.tables.js';
export * from './modules/inbox/chat/chat.tables.js';
export * from './modules/inbox/configuration/configuration.tables.js';
export * from './modules/inbox/rooms/rooms.tables.js';
export * from './modules/inbox/templates/templates.tables.js';
export * from './modules/messaging/channels/whatsapp/whatsapp.tables.js';
export * from './modules/messaging/messaging.tables.js';
export * from './modules/otp/otp/otp.tables.js';
export * from './modules/otp/validation/validation.tables.js';
export * from './modules/otp/verify/verify.tables.js';
export * from './modules/roles/roles.tables.js';
export * from './modules/subscriptions/subscriptions.tables.js';
export * from './modules/usage/usage.tables.js';
export * from './platform/audit/audit.tables.js';
export * from './platform/exports/exports.tables.js';
export * from './platform/mail/mail.tables.js';
export * from './platform/platform.tables.js';
export * from './platform/realtime/realtime.tables.js';
export * from './platform/storage/storage.tables.js';
