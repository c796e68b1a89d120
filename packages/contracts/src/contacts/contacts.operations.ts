import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { CS_SUPERVISOR_ROLES, CUSTOMERS_ROLES, INBOX_CHAT_ROLES } from '../access/route-guards.js';
import {
  CsCustomerImportSchema,
  CsCustomerInputSchema,
  CsCustomerSchema,
  CsRowReportSchema,
  CsTagNamesSchema,
  CsTagSchema,
  keysetPageOf,
} from '../inbox/inbox.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { pageSizeQuery, queryFlag } from '../operations/query-fields.js';

/** The OpenAPI group: customers and tags are part of the customer-service API (/api/cs). */
const tags = ['customer-service'];
const errors = [400, 403, 404, 409] as const;
/** Spec §6 customers: the client's admins. */
const admins = access.feature('CS', CUSTOMERS_ROLES);
/** The inbox's callers (admins, supervisors, chat roles); the services scope what an agent reaches. */
const inbox = access.feature('CS', CS_SUPERVISOR_ROLES, INBOX_CHAT_ROLES);
/** Imports and bulk deletes send one CSV file (spec §5). */
const csvUpload = { field: 'file', maxBytes: 20 * 1024 * 1024 };

export const CsTagPageSchema = z.object({
  items: z.array(CsTagSchema),
  total: z.number(),
  pageNumber: z.number(),
  pageSize: z.number(),
});

/**
 * Customers and the tag list (decision 0017). Spec §6: customers are the admins'. Agents reach only the
 * customer of a room they may open, through the chat screen's calls (byPhoneNumber, POST), which the
 * service scopes like /api/cs/chat.
 */
export const contactsOperations = {
  searchCustomers: defineOperation({
    method: 'GET',
    path: '/api/cs/customers',
    access: admins,
    tags,
    summary: 'Search customers by name or phone number, paged by lastEvaluatedKey',
    query: z.object({
      q: z.string().max(200).optional(),
      isPhoneNumber: queryFlag,
      pageSize: pageSizeQuery(),
      lastEvaluatedKey: z.string().optional(),
    }),
    response: keysetPageOf(CsCustomerSchema),
    errors,
  }),
  getCustomerByPhone: defineOperation({
    method: 'GET',
    path: '/api/cs/customers/byPhoneNumber',
    access: inbox,
    tags,
    summary: 'One customer by phone number',
    query: z.object({ phoneNumber: z.string().min(1) }),
    response: CsCustomerSchema,
    errors,
  }),
  listCustomerPhoneNumbers: defineOperation({
    method: 'GET',
    path: '/api/cs/customers/phoneNumber',
    access: admins,
    tags,
    summary: 'Customers’ phone numbers matching a prefix',
    query: z.object({ q: z.string().max(20).optional(), pageSize: pageSizeQuery() }),
    response: z.object({ phoneNumbers: z.array(z.string()) }),
    errors,
  }),
  saveCustomer: defineOperation({
    method: 'POST',
    path: '/api/cs/customers',
    access: inbox,
    tags,
    summary:
      'Create or update a customer; tags are added ("" for none), removeTag taken away; agents may set only the userDataEditable fields of userData',
    body: CsCustomerInputSchema,
    response: CsCustomerSchema,
    errors,
  }),
  updateCustomerProfile: defineOperation({
    method: 'PUT',
    path: '/api/cs/customers',
    access: admins,
    tags,
    summary: 'Set a customer’s picture (picture or imgProfileUrl) or assigned agent (csId)',
    body: z.object({
      phoneNumber: z.string().min(1).max(30),
      picture: z.string().max(2000).optional(),
      imgProfileUrl: z.string().max(2000).optional(),
      csId: z.string().nullable().optional(),
    }),
    response: CsCustomerSchema,
    errors,
  }),
  listCustomerTags: defineOperation({
    method: 'GET',
    path: '/api/cs/customers/tags',
    access: admins,
    tags,
    summary: 'Tags used on customers',
    response: CsTagNamesSchema,
  }),
  listCustomersByTags: defineOperation({
    method: 'GET',
    path: '/api/cs/customers/data/tags',
    access: admins,
    tags,
    summary: 'Customers with any of the tags',
    query: z.object({
      tags: z.string(),
      pageSize: pageSizeQuery(),
      lastEvaluatedKey: z.string().optional(),
    }),
    response: keysetPageOf(CsCustomerSchema),
    errors,
  }),
  exportCustomers: defineOperation({
    method: 'GET',
    path: '/api/cs/customers/exportToCsv',
    access: admins,
    tags,
    summary: 'Customers as CSV',
    answer: { kind: 'file', contentType: 'text/csv' },
  }),
  importCustomers: defineOperation({
    method: 'POST',
    path: '/api/cs/customers/import',
    access: admins,
    tags,
    summary:
      'Create or update customers from one CSV file (phoneNumber, name, tags separated by |, mediaPlatform). The file is checked at once (400 invalid_csv with the row and reason; rows with a bad phone number are reported and skipped), then written by a job: poll GET /api/cs/customers/import/{id} for progress',
    upload: csvUpload,
    status: 202,
    response: CsCustomerImportSchema,
    errors,
  }),
  getCustomerImport: defineOperation({
    method: 'GET',
    path: '/api/cs/customers/import/:id',
    access: admins,
    tags,
    summary: 'One customer import with its status, progress and refused rows',
    params: z.object({ id: z.string().max(100) }),
    response: CsCustomerImportSchema,
    errors,
  }),
  deleteCustomersFromFile: defineOperation({
    method: 'POST',
    path: '/api/cs/customers/delete',
    access: admins,
    tags,
    summary: 'Delete the customers listed in one CSV file (phoneNumber); per-row report',
    upload: csvUpload,
    response: CsRowReportSchema,
    errors,
  }),

  // Tag names are no personal data, and agents' screens and transfers by tag read them.
  listTags: defineOperation({
    method: 'GET',
    path: '/api/cs/tag/list',
    access: inbox,
    tags,
    summary: 'The tag list, paged, with search',
    query: z.object({
      pageNumber: z.coerce.number().int().min(1).optional(),
      pageSize: pageSizeQuery(),
      search: z.string().max(100).optional(),
    }),
    response: CsTagPageSchema,
    errors,
  }),
  createTag: defineOperation({
    method: 'POST',
    path: '/api/cs/tag/list',
    access: admins,
    tags,
    summary: 'Add a tag',
    body: z.object({
      name: z.string().trim().min(1).max(100),
      description: z.string().max(500).nullable().optional(),
    }),
    status: 201,
    response: CsTagSchema,
    errors,
  }),
  updateTag: defineOperation({
    method: 'PUT',
    path: '/api/cs/tag/list',
    access: admins,
    tags,
    summary: 'Rename or describe a tag',
    body: z.object({
      id: z.string(),
      name: z.string().trim().min(1).max(100).optional(),
      description: z.string().max(500).nullable().optional(),
    }),
    response: CsTagSchema,
    errors,
  }),
  deleteTag: defineOperation({
    method: 'DELETE',
    path: '/api/cs/tag/list',
    access: admins,
    tags,
    summary: 'Remove a tag from the tag list (customers and agents keep the name they carry)',
    query: z.object({ id: z.string() }),
    response: CsTagSchema,
    errors,
  }),
  insertTags: defineOperation({
    method: 'POST',
    path: '/api/cs/tag/list/insert',
    access: admins,
    tags,
    summary: 'Add many tags; existing names are skipped',
    body: z.object({ tags: z.array(z.string().max(100)).min(1).max(1000) }),
    response: z.object({ inserted: z.array(CsTagSchema), skipped: z.array(z.string()) }),
    errors,
  }),
};
