import multipart from '@fastify/multipart';
import { resourcesOperations as ops, RESOURCE_UPLOAD_MAX_BYTES } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readOperationUpload, routeOperation } from '../../../platform/operation-route.js';
import { resourceTooLarge } from './resources.errors.js';
import {
  deleteClientResource,
  getResource,
  listClientResources,
  openResource,
  type ResourceDeps,
  renameClientResource,
  uploadResource,
} from './resources.service.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'application/pdf': '.pdf',
  'audio/wav': '.wav',
  'audio/mpeg': '.mp3',
  'audio/ogg': '.ogg',
  'video/mp4': '.mp4',
};

/** The resources library (decision 0045); the service checks who may, by the resource's channel. */
export const resourcesRoutes: FastifyPluginAsyncZod<{ deps: ResourceDeps }> = async (app, { deps }) => {
  const { db } = deps;
  await app.register(multipart, {
    limits: { files: 1, fileSize: RESOURCE_UPLOAD_MAX_BYTES, fields: 4, parts: 5 },
  });

  routeOperation(app, ops.listResources, (request) =>
    listClientResources(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, ops.uploadResource, async (request) => {
    const upload = await readOperationUpload(request, ops.uploadResource, (max) =>
      resourceTooLarge('file', max),
    );
    return uploadResource(deps, request.ctx.actor!, {
      channel: upload.fields.channel,
      name: upload.fields.name,
      fileName: upload.fileName,
      bytes: upload.bytes,
    });
  });
  routeOperation(app, ops.getResource, (request) =>
    getResource(db, request.ctx.actor!, request.params.resourceId),
  );
  routeOperation(app, ops.renameResource, (request) =>
    renameClientResource(db, request.ctx.actor!, request.params.resourceId, request.body.name),
  );
  routeOperation(app, ops.deleteResource, (request) =>
    deleteClientResource(db, request.ctx.actor!, request.params.resourceId),
  );
  routeOperation(app, ops.downloadResource, async (request, reply) => {
    const { row, file, stream } = await openResource(deps, request.ctx.actor!, request.params.resourceId);
    const extension = EXTENSIONS[row.mimeType] ?? '';
    const fileName = row.name.toLowerCase().endsWith(extension) ? row.name : `${row.name}${extension}`;
    return reply
      .header('content-type', row.mimeType)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(stream);
  });
};
