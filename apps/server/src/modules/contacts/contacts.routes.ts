import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { blacklistRoutes } from './blacklist/blacklist.routes.js';
import type { ContactsDeps } from './contacts.deps.js';
import { customersRoutes } from './customers/customers.routes.js';
import { tagsRoutes } from './tags/tags.routes.js';

/** Customers and the tag list, under /api/cs as spec §7 names them; the blacklist under /api/blacklist. */
export const contactsRoutes: FastifyPluginAsync<{ deps: ContactsDeps }> = async (app, { deps }) => {
  // Imports and bulk deletes upload one CSV file, with the inbox's limits.
  await app.register(multipart, { limits: { files: 1, fileSize: 20 * 1024 * 1024, fields: 10 } });
  await app.register(customersRoutes, { deps });
  await app.register(tagsRoutes, { db: deps.db });
  await app.register(blacklistRoutes, { db: deps.db });
};
