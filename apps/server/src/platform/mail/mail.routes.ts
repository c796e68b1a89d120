import { mailOperations } from '@sapa/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../database.js';
import { routeOperation } from '../operation-route.js';
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
  routeOperation(app, mailOperations.listOutbox, (request) =>
    unsafeListOutbox(db, request.query.to, request.query),
  );
};
