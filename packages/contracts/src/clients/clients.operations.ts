import { z } from 'zod';
import { type AccessRule, access } from '../access/access-rule.js';
import {
  AdminClientSchema,
  ClientBatchResultSchema,
  ClientFieldsSchema,
  ClientListQuerySchema,
  ClientPageSchema,
  CreateClientRequestSchema,
  CreatedClientSchema,
  ValidateClientRequestSchema,
  ValidationAnswerSchema,
} from '../admin/admin.schemas.js';
import { ApiSecretSchema, ApiSecretStatusSchema } from '../identity/account.schemas.js';
import { ListClientInfoSchema } from '../identity/identity.schemas.js';
import { defineOperation } from '../operations/define-operation.js';

const tags = ['clients'];
const ClientParamsSchema = z.object({ clientId: z.string() });
/** Client administration spans tenants: it stays with the super admin whatever the right mapping says (spec §6). */
const superAdminClients: AccessRule = { kind: 'authenticated', roles: ['SAD'], right: 'CLIENT_MANAGE' };

/** The tenants (spec §3 "Client"). */
export const clientsOperations = {
  getMyClientInfo: defineOperation({
    method: 'GET',
    path: '/api/clients/me',
    access: access.authenticated(),
    tags,
    summary: 'My client info; super admins also get every client (listClientInfo)',
    response: ListClientInfoSchema,
    errors: [401],
  }),
  listClients: defineOperation({
    method: 'GET',
    path: '/api/clients',
    access: superAdminClients,
    tags,
    summary: 'Every client, searched by name, newest first (super admin)',
    query: ClientListQuerySchema,
    response: ClientPageSchema,
  }),
  createClient: defineOperation({
    method: 'POST',
    path: '/api/clients',
    access: superAdminClients,
    tags,
    summary: 'Create a client (spec §3 fields, features as flags) and optionally its first admin',
    body: CreateClientRequestSchema,
    response: CreatedClientSchema,
    errors: [400, 403, 404, 409],
  }),
  importClients: defineOperation({
    method: 'POST',
    path: '/api/clients/batch',
    // The same rule as every other client write.
    access: superAdminClients,
    tags,
    summary:
      'Create clients from a CSV file (multipart field "file"); answers a per-row report. Columns: clientName, abbreviatedClientName, clientBizType, clientAddress, clientPhoneNumber, clientMobileNumber, timezone, countryCode, countryPhone, features (A|B), mainFeature, logTypes (A|B), chatbotDashboard, approvalRequired, adminName, adminEmail',
    upload: { field: 'file', maxBytes: 5 * 1024 * 1024 },
    response: ClientBatchResultSchema,
    errors: [400, 403, 404, 409],
  }),
  validateClientFields: defineOperation({
    method: 'POST',
    path: '/api/clients/validate',
    access: superAdminClients,
    tags,
    summary: 'Server-side validation of client id, admin name, admin email and business type',
    body: ValidateClientRequestSchema,
    response: ValidationAnswerSchema,
  }),
  getApiSecretStatus: defineOperation({
    method: 'GET',
    path: '/api/clients/apiSecret',
    access: access.right('API_SECRET_MANAGE'),
    tags,
    summary: 'Whether the current client has an API secret for the public API (never the secret itself)',
    response: ApiSecretStatusSchema,
  }),
  rotateApiSecret: defineOperation({
    method: 'POST',
    path: '/api/clients/apiSecret',
    access: access.right('API_SECRET_MANAGE'),
    tags,
    summary: 'Create or rotate the current client’s API secret: shown once; the previous one stops working',
    response: ApiSecretSchema,
  }),
  getClient: defineOperation({
    method: 'GET',
    path: '/api/clients/:clientId',
    access: access.authenticated(),
    tags,
    summary: "A client's info: the session's own client, or any client for a super admin",
    params: ClientParamsSchema,
    response: AdminClientSchema,
    errors: [404],
  }),
  updateClient: defineOperation({
    method: 'PUT',
    path: '/api/clients/:clientId',
    access: superAdminClients,
    tags,
    summary: 'Edit client info: fields, features, main feature, timezone, country, log types, approval',
    params: ClientParamsSchema,
    body: ClientFieldsSchema,
    response: AdminClientSchema,
    errors: [400, 403, 404, 409],
  }),
  deactivateClient: defineOperation({
    method: 'PUT',
    path: '/api/clients/:clientId/deactivate',
    access: superAdminClients,
    tags,
    summary: 'Deactivate a client: its users cannot log in and their sessions stop',
    params: ClientParamsSchema,
    response: AdminClientSchema,
    errors: [400, 403, 404, 409],
  }),
  activateClient: defineOperation({
    method: 'PUT',
    path: '/api/clients/:clientId/activate',
    access: superAdminClients,
    tags,
    summary: 'Activate a deactivated client',
    params: ClientParamsSchema,
    response: AdminClientSchema,
    errors: [400, 403, 404, 409],
  }),
};
