import { CS_SUPERVISOR_ROLES, CUSTOMERS_ROLES, INBOX_CHAT_ROLES } from '@sapa/contracts';
import { access } from '../../platform/request-context.js';

export const security = [{ bearer: [] }];
/** The OpenAPI group: customers and tags are part of the customer-service API (/api/cs). */
export const CS_TAGS = ['customer-service'];

/** The access rules of the customer and tag operations (decision 0017): the same groups as the inbox's. */
export const contactsAccess = {
  /** Spec §6 customers: the client's admins. */
  admins: access.feature('CS', CUSTOMERS_ROLES),
  /** The inbox's callers (admins, supervisors, chat roles); the services scope what an agent reaches. */
  inbox: access.feature('CS', CS_SUPERVISOR_ROLES, INBOX_CHAT_ROLES),
} as const;
