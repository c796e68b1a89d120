export { mailRoutes } from './mail.routes.js';
export { mailOutbox } from './mail.tables.js';
export { createMailer, type Mailer, type MailMessage } from './mailer.js';
