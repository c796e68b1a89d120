import multipart from '@fastify/multipart';
import { ClientBatchResultSchema, clientsOperations, ErrorBodySchema } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isId } from '../../lib/ids.js';
import { actorOf } from '../../platform/audit/index.js';
import type { Database, Executor } from '../../platform/database.js';
import { routeOperation } from '../../platform/operation-route.js';
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

const security = [{ bearer: [] }];
const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

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

  // A multipart upload: not yet an operation in contracts (its body is a file, not JSON).
  app.post(
    '/api/clients/batch',
    {
      // The same rule as every other client write.
      config: { access: clientsOperations.createClient.access },
      schema: {
        tags: ['clients'],
        summary:
          'Create clients from a CSV file (multipart field "file"); answers a per-row report. Columns: clientName, abbreviatedClientName, clientBizType, clientAddress, clientPhoneNumber, clientMobileNumber, timezone, countryCode, countryPhone, features (A|B), mainFeature, logTypes (A|B), chatbotDashboard, approvalRequired, adminName, adminEmail',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: ClientBatchResultSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw invalidBatchFile('Send the CSV file as multipart form data.');
      const file = await request.file();
      if (!file) throw invalidBatchFile('Send the CSV file as multipart form data.');
      return importClients(db, actorOf(request), file.file, admins.createFirstAdmin);
    },
  );

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
