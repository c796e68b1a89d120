import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { clientsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../lib/ids.js';
import { actorOf } from '../../platform/audit/index.js';
import type { Database, Executor } from '../../platform/database.js';
import { AppError } from '../../platform/errors.js';
import { readOperationUpload, routeOperation } from '../../platform/operation-route.js';
import {
  clientNotFound,
  createClient,
  type FirstAdminCreator,
  getApiSecretStatus,
  getClientInfo,
  getListClientInfo,
  importClients,
  invalidBatchFile,
  listClients,
  rotateApiSecret,
  setClientStatus,
  updateClient,
  validateClientFields,
} from './clients.service.js';

export type ClientAdminDeps = {
  createFirstAdmin: FirstAdminCreator;
  isEmailTaken: (db: Executor, email: string) => Promise<boolean>;
};

export const clientsRoutes: FastifyPluginAsyncZod<{ db: Database; admins: ClientAdminDeps }> = async (
  app,
  { db, admins },
) => {
  await app.register(multipart, { limits: { files: 1, fileSize: 5 * 1024 * 1024, fields: 10, parts: 11 } });

  routeOperation(app, clientsOperations.getMyClientInfo, (request) =>
    getListClientInfo(db, request.ctx.actor!),
  );
  routeOperation(app, clientsOperations.listClients, (request) => listClients(db, request.query));
  routeOperation(app, clientsOperations.createClient, (request) =>
    createClient(db, actorOf(request), request.body, admins.createFirstAdmin),
  );

  routeOperation(app, clientsOperations.importClients, async (request) => {
    const { bytes } = await readOperationUpload(request, clientsOperations.importClients).catch(
      (error: unknown) => {
        // This import has always named a missing file as a bad batch file.
        if (error instanceof AppError && error.code === 'file_required') {
          throw invalidBatchFile('Send the CSV file as multipart form data.');
        }
        throw error;
      },
    );
    return importClients(db, actorOf(request), Readable.from([bytes]), admins.createFirstAdmin);
  });

  routeOperation(app, clientsOperations.validateClientFields, (request) =>
    validateClientFields(db, request.body, admins.isEmailTaken),
  );
  routeOperation(app, clientsOperations.getApiSecretStatus, (request) =>
    getApiSecretStatus(db, request.ctx.actor!),
  );
  routeOperation(app, clientsOperations.rotateApiSecret, (request) => rotateApiSecret(db, actorOf(request)));
  routeOperation(app, clientsOperations.getClient, (request) => {
    if (!isId(request.params.clientId)) throw clientNotFound();
    return getClientInfo(db, request.ctx.actor!, request.params.clientId);
  });
  routeOperation(app, clientsOperations.updateClient, (request) => {
    if (!isId(request.params.clientId)) throw clientNotFound();
    return updateClient(db, actorOf(request), request.params.clientId, request.body);
  });
  for (const [operation, status] of [
    [clientsOperations.deactivateClient, 'deactivated'],
    [clientsOperations.activateClient, 'active'],
  ] as const) {
    routeOperation(app, operation, (request) => {
      if (!isId(request.params.clientId)) throw clientNotFound();
      return setClientStatus(db, actorOf(request), request.params.clientId, status);
    });
  }
};
