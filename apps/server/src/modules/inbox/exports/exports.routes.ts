import { exportsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../../platform/http-io.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import { historyQuery } from '../rooms/rooms.routes.js';
import { getExport, getExportFile, listAllExports, listExports, requestExport } from './exports.service.js';

export const exportsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  routeOperation(app, exportsOperations.listAllExports, (request) =>
    listAllExports(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, exportsOperations.getExport, (request) =>
    getExport(db, request.ctx.actor!, request.params.id),
  );
  for (const kind of ['chatroomHistory', 'customers'] as const) {
    const operations = exportsOperations[kind];
    routeOperation(app, operations.request, (request) =>
      requestExport(deps, request.ctx.actor!, kind, historyQuery(request.body)),
    );
    routeOperation(app, operations.list, (request) =>
      listExports(db, request.ctx.actor!, kind, request.query),
    );
    routeOperation(app, operations.download, async (request, reply) => {
      const file = await getExportFile(db, request.ctx.actor!, kind, request.query.id);
      return sendCsv(reply, file.fileName, file.content);
    });
  }
};
