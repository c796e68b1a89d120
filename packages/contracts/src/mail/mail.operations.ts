import { z } from 'zod';
import type { AccessRule } from '../access/access-rule.js';
import { pageOf } from '../admin/admin.schemas.js';
import { MailMessageSchema } from '../identity/account.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { PageQuerySchema } from '../usage/usage.schemas.js';

/** The sandbox outbox spans clients: it is the installation's mail, read by the super admin. */
const superAdminOutbox: AccessRule = { kind: 'authenticated', roles: ['SAD'], right: 'MAIL_OUTBOX_VIEW' };

export const MailPageSchema = pageOf(MailMessageSchema);

/** Mail of embedded mode without SMTP. */
export const mailOperations = {
  listOutbox: defineOperation({
    method: 'GET',
    path: '/api/mail/outbox',
    access: superAdminOutbox,
    tags: ['mail'],
    summary: 'Mail sent in embedded mode without SMTP (the sandbox outbox), newest first (super admin)',
    query: PageQuerySchema.extend({ to: z.string().max(254).optional() }),
    response: MailPageSchema,
  }),
};
