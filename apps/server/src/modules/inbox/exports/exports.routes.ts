import { type CsExport, exportsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../../platform/actor.js';
import { type ExportView, exportNotFound } from '../../../platform/exports/index.js';
import { sendCsv } from '../../../platform/http-io.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { InboxDeps } from '../inbox.deps.js';
import { historyQuery } from '../rooms/rooms.routes.js';
import { INBOX_EXPORT_KINDS, type InboxExportKind } from './exports.service.js';

/** An export of the inbox's kinds; another module's export is not found here. */
function asInboxExport(view: ExportView): CsExport {
  if (!INBOX_EXPORT_KINDS.includes(view.kind as InboxExportKind)) throw exportNotFound();
  return view as CsExport;
}

export const exportsRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const exports = () => {
    if (!deps.exports) throw new Error('The inbox routes need the export service');
    return deps.exports;
  };
  routeOperation(app, exportsOperations.listAllExports, async (request) => {
    const page = await exports().list(request.ctx.actor!, INBOX_EXPORT_KINDS, request.query);
    return { ...page, items: page.items.map(asInboxExport) };
  });
  routeOperation(app, exportsOperations.getExport, async (request) =>
    asInboxExport(await exports().get(request.ctx.actor!, request.params.id)),
  );
  for (const kind of INBOX_EXPORT_KINDS) {
    const operations = exportsOperations[kind];
    routeOperation(app, operations.request, async (request) => {
      const { asType, ...query } = request.body;
      const actor = requireUser(request.ctx.actor!);
      return asInboxExport(await exports().request(actor, kind, historyQuery(query), asType));
    });
    routeOperation(app, operations.list, async (request) => {
      const page = await exports().list(request.ctx.actor!, [kind], request.query);
      return { ...page, items: page.items.map(asInboxExport) };
    });
    routeOperation(app, operations.download, async (request, reply) => {
      const file = await exports().file(request.ctx.actor!, kind, request.query.id);
      return sendCsv(reply, file.fileName, file.body);
    });
  }
};
