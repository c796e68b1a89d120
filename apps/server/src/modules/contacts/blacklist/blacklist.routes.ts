import { blacklistOperations as ops } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/audit/index.js';
import type { Database } from '../../../platform/database.js';
import { readOperationUpload, routeOperation } from '../../../platform/operation-route.js';
import {
  createBlacklistEntry,
  deleteBlacklistEntryOf,
  exportBlacklist,
  importBlacklist,
  listBlacklist,
} from './blacklist.service.js';

/** The client's blacklist (spec §7 "Blacklist: list, create, delete, export"), plus import. */
export const blacklistRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  routeOperation(app, ops.listBlacklist, (request) => listBlacklist(db, request.ctx.actor!, request.query));
  routeOperation(app, ops.createBlacklistEntry, (request) =>
    createBlacklistEntry(db, actorOf(request), request.body),
  );
  routeOperation(app, ops.deleteBlacklistEntry, (request) =>
    deleteBlacklistEntryOf(db, actorOf(request), request.query),
  );
  routeOperation(app, ops.importBlacklist, async (request) => {
    const { bytes } = await readOperationUpload(request, ops.importBlacklist);
    return importBlacklist(db, actorOf(request), bytes);
  });
  routeOperation(app, ops.exportBlacklist, (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="blacklist.csv"')
      .send(exportBlacklist(db, request.ctx.actor!, request.query)),
  );
};
