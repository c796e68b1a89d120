import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';
import { ConfigurationSchema, CsConfigPatchSchema } from './inbox.schemas.js';

const errors = [400, 404] as const;

/** The customer-service configuration of a client (auto-close, closing rules, bots). */
export const configurationOperations = {
  getConfiguration: defineOperation({
    method: 'GET',
    path: '/api/cs/configuration',
    access: inboxAccess.inbox,
    tags,
    summary: 'The customer-service configuration, every field with its default',
    query: z.object({ clientId: z.string().optional() }),
    response: ConfigurationSchema,
    errors,
  }),
  patchConfiguration: defineOperation({
    method: 'PUT',
    path: '/api/cs/configuration',
    access: inboxAccess.admins,
    tags,
    summary: 'Change fields of this client’s configuration (the body is the config object)',
    body: CsConfigPatchSchema,
    response: ConfigurationSchema,
    errors,
  }),
  saveConfiguration: defineOperation({
    method: 'POST',
    path: '/api/cs/configuration',
    access: inboxAccess.admins,
    tags,
    summary: 'Save a client’s configuration (a super admin may name any client)',
    body: z.object({ clientId: z.string(), config: CsConfigPatchSchema }),
    response: ConfigurationSchema,
    errors,
  }),
  setDefaultBot: defineOperation({
    method: 'PUT',
    path: '/api/cs/configuration/defaultBot',
    access: inboxAccess.admins,
    tags,
    summary: 'Choose the default chat bot',
    body: z.object({ id: z.string().min(1) }),
    response: ConfigurationSchema,
    errors,
  }),
};
