import multipart from '@fastify/multipart';
import {
  AdminClientSchema,
  ApiSecretSchema,
  ApiSecretStatusSchema,
  ClientBatchResultSchema,
  ClientFieldsSchema,
  ClientListQuerySchema,
  ClientPageSchema,
  CreateClientRequestSchema,
  CreatedClientSchema,
  ErrorBodySchema,
  ListClientInfoSchema,
  ValidateClientRequestSchema,
  ValidationAnswerSchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isId } from '../../lib/ids.js';
import { actorOf } from '../../platform/audit/index.js';
import type { Database, Executor } from '../../platform/database.js';
import { access } from '../../platform/request-context.js';
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
const clientParams = z.object({ clientId: z.string() });
/** Client administration spans tenants: it stays with the super admin whatever the right mapping says (spec §6). */
const superAdminClients = { ...access.roles('SAD'), right: 'CLIENT_MANAGE' };

export type ClientAdminDeps = {
  createFirstAdmin: FirstAdminCreator;
  isEmailTaken: (db: Executor, email: string) => Promise<boolean>;
};

export const clientsRoutes: FastifyPluginAsyncZod<{ db: Database; admins: ClientAdminDeps }> = async (
  app,
  { db, admins },
) => {
  await app.register(multipart, { limits: { files: 1, fileSize: 5 * 1024 * 1024, fields: 10, parts: 11 } });

  app.get(
    '/api/clients/me',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['clients'],
        summary: 'My client info; super admins also get every client (listClientInfo)',
        security,
        response: { 200: ListClientInfoSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => getListClientInfo(db, request.ctx.session!),
  );

  app.get(
    '/api/clients',
    {
      config: { access: superAdminClients },
      schema: {
        tags: ['clients'],
        summary: 'Every client, searched by name, newest first (super admin)',
        security,
        querystring: ClientListQuerySchema,
        response: { 200: ClientPageSchema },
      },
    },
    async (request) => listClients(db, request.query),
  );

  app.post(
    '/api/clients',
    {
      config: { access: superAdminClients },
      schema: {
        tags: ['clients'],
        summary: 'Create a client (spec §3 fields, features as flags) and optionally its first admin',
        security,
        body: CreateClientRequestSchema,
        response: { 200: CreatedClientSchema, ...errors },
      },
    },
    async (request) => createClient(db, actorOf(request), request.body, admins.createFirstAdmin),
  );

  app.post(
    '/api/clients/batch',
    {
      config: { access: superAdminClients },
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

  app.post(
    '/api/clients/validate',
    {
      config: { access: superAdminClients },
      schema: {
        tags: ['clients'],
        summary: 'Server-side validation of client id, admin name, admin email and business type',
        security,
        body: ValidateClientRequestSchema,
        response: { 200: ValidationAnswerSchema },
      },
    },
    async (request) => validateClientFields(db, request.body, admins.isEmailTaken),
  );

  app.get(
    '/api/clients/apiSecret',
    {
      config: { access: access.right('API_SECRET_MANAGE') },
      schema: {
        tags: ['clients'],
        summary: 'Whether the current client has an API secret for the public API (never the secret itself)',
        security,
        response: { 200: ApiSecretStatusSchema },
      },
    },
    async (request) => getApiSecretStatus(db, request.ctx.session!),
  );

  app.post(
    '/api/clients/apiSecret',
    {
      config: { access: access.right('API_SECRET_MANAGE') },
      schema: {
        tags: ['clients'],
        summary:
          'Create or rotate the current client’s API secret: shown once; the previous one stops working',
        security,
        response: { 200: ApiSecretSchema },
      },
    },
    async (request) => rotateApiSecret(db, actorOf(request)),
  );

  app.get(
    '/api/clients/:clientId',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['clients'],
        summary: "A client's info: the session's own client, or any client for a super admin",
        security,
        params: clientParams,
        response: { 200: AdminClientSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      if (!isId(request.params.clientId)) throw clientNotFound();
      return getClientInfo(db, request.ctx.session!, request.params.clientId);
    },
  );

  app.put(
    '/api/clients/:clientId',
    {
      config: { access: superAdminClients },
      schema: {
        tags: ['clients'],
        summary: 'Edit client info: fields, features, main feature, timezone, country, log types, approval',
        security,
        params: clientParams,
        body: ClientFieldsSchema,
        response: { 200: AdminClientSchema, ...errors },
      },
    },
    async (request) => {
      if (!isId(request.params.clientId)) throw clientNotFound();
      return updateClient(db, actorOf(request), request.params.clientId, request.body);
    },
  );

  for (const [action, status] of [
    ['deactivate', 'deactivated'],
    ['activate', 'active'],
  ] as const) {
    app.put(
      `/api/clients/:clientId/${action}`,
      {
        config: { access: superAdminClients },
        schema: {
          tags: ['clients'],
          summary:
            action === 'deactivate'
              ? 'Deactivate a client: its users cannot log in and their sessions stop'
              : 'Activate a deactivated client',
          security,
          params: clientParams,
          response: { 200: AdminClientSchema, ...errors },
        },
      },
      async (request) => {
        if (!isId(request.params.clientId)) throw clientNotFound();
        return setClientStatus(db, actorOf(request), request.params.clientId, status);
      },
    );
  }
};
