import { MailMessageSchema, PageQuerySchema, pageOf } from '@sapa/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../database.js';
import { access } from '../request-context.js';
import { mailOutbox } from './mail.tables.js';

/** The sandbox outbox spans clients: it is the installation's mail, read by the super admin. */
async function unsafeListOutbox(
  db: Database,
  to: string | undefined,
  page: { pageSize: number; pageNumber: number },
) {
  const where = to ? eq(mailOutbox.to, to.toLowerCase()) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.pageSize)
      .offset(page.pageNumber * page.pageSize),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return {
    ...page,
    total: total?.value ?? 0,
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

export const mailRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/mail/outbox',
    {
      config: { access: { ...access.roles('SAD'), right: 'MAIL_OUTBOX_VIEW' } },
      schema: {
        tags: ['mail'],
        summary: 'Mail sent in embedded mode without SMTP (the sandbox outbox), newest first (super admin)',
        security: [{ bearer: [] }],
        querystring: PageQuerySchema.extend({ to: z.string().max(254).optional() }),
        response: { 200: pageOf(MailMessageSchema) },
      },
    },
    async (request) => unsafeListOutbox(db, request.query.to, request.query),
  );
};
