import {
  ChatMessageSchema,
  CsCustomerImportSchema,
  CsCustomerInputSchema,
  CsCustomerSchema,
  CsRowReportSchema,
  CsTagNamesSchema,
  CsTagSchema,
  ErrorBodySchema,
  keysetPageOf,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMessagesOfContact } from '../chat/chat.service.js';
import { CS_TAGS, csAccess, security } from '../inbox.access.js';
import type { InboxDeps } from '../inbox.deps.js';
import { isTrue, pageSize, queryFlag, readUploadedFile, sendCsv } from '../inbox.http.js';
import {
  createTag,
  deleteCustomersFromFile,
  deleteTag,
  exportCustomersCsv,
  getCustomerByPhone,
  getCustomerImport,
  importCustomers,
  insertTagList,
  listTags,
  listTagsOfCustomers,
  parseTags,
  renameTag,
  saveCustomer,
  searchCustomers,
  updateCustomerProfile,
} from './customers.service.js';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export const customersRoutes: FastifyPluginAsyncZod<{ deps: InboxDeps }> = async (app, { deps }) => {
  const { db } = deps;
  // Spec §6: customers are the admins'. Agents reach only the customer of a room they may open, through
  // the chat screen's calls (byPhoneNumber, data/message, POST), which the service scopes like /api/cs/chat.
  const admins = { access: csAccess.admins };
  const inbox = { access: csAccess.inbox };

  app.get(
    '/api/cs/customers',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Search customers by name or phone number, paged by lastEvaluatedKey',
        querystring: z.object({
          q: z.string().max(200).optional(),
          isPhoneNumber: queryFlag,
          pageSize: pageSize(),
          lastEvaluatedKey: z.string().optional(),
        }),
        response: { 200: keysetPageOf(CsCustomerSchema), ...errors },
      },
    },
    async (request) =>
      searchCustomers(db, request.ctx.session!, {
        ...request.query,
        isPhoneNumber: isTrue(request.query.isPhoneNumber),
      }),
  );
  app.get(
    '/api/cs/customers/byPhoneNumber',
    {
      config: inbox,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'One customer by phone number',
        querystring: z.object({ phoneNumber: z.string().min(1) }),
        response: { 200: CsCustomerSchema, ...errors },
      },
    },
    async (request) => getCustomerByPhone(db, request.ctx.session!, request.query.phoneNumber),
  );
  app.get(
    '/api/cs/customers/phoneNumber',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Customers’ phone numbers matching a prefix',
        querystring: z.object({ q: z.string().max(20).optional(), pageSize: pageSize() }),
        response: { 200: z.object({ phoneNumbers: z.array(z.string()) }), ...errors },
      },
    },
    async (request) => {
      const page = await searchCustomers(db, request.ctx.session!, {
        q: request.query.q,
        isPhoneNumber: true,
        pageSize: request.query.pageSize ?? 50,
      });
      return { phoneNumbers: page.items.map((item) => item.phoneNumber) };
    },
  );
  app.post(
    '/api/cs/customers',
    {
      config: inbox,
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Create or update a customer; tags are added ("" for none), removeTag taken away; agents may set only the userDataEditable fields of userData',
        body: CsCustomerInputSchema,
        response: { 200: CsCustomerSchema, ...errors },
      },
    },
    async (request) => saveCustomer(db, request.ctx.session!, request.body),
  );
  app.put(
    '/api/cs/customers',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Set a customer’s picture (picture or imgProfileUrl) or assigned agent (csId)',
        body: z.object({
          phoneNumber: z.string().min(1).max(30),
          picture: z.string().max(2000).optional(),
          imgProfileUrl: z.string().max(2000).optional(),
          csId: z.string().nullable().optional(),
        }),
        response: { 200: CsCustomerSchema, ...errors },
      },
    },
    async (request) =>
      updateCustomerProfile(db, request.ctx.session!, {
        phoneNumber: request.body.phoneNumber,
        imgProfileUrl: request.body.imgProfileUrl ?? request.body.picture,
        csId: request.body.csId,
      }),
  );
  app.get(
    '/api/cs/customers/tags',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Tags used on customers',
        response: { 200: CsTagNamesSchema },
      },
    },
    async (request) => listTagsOfCustomers(db, request.ctx.session!),
  );
  app.get(
    '/api/cs/customers/data/tags',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Customers with any of the tags',
        querystring: z.object({
          tags: z.string(),
          pageSize: pageSize(),
          lastEvaluatedKey: z.string().optional(),
        }),
        response: { 200: keysetPageOf(CsCustomerSchema), ...errors },
      },
    },
    async (request) =>
      searchCustomers(db, request.ctx.session!, {
        tags: parseTags(request.query.tags),
        pageSize: request.query.pageSize,
        lastEvaluatedKey: request.query.lastEvaluatedKey,
      }),
  );
  app.get(
    '/api/cs/customers/data/message',
    {
      config: inbox,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'A customer’s latest messages across rooms',
        querystring: z.object({ contactNumber: z.string().min(1) }),
        response: { 200: z.object({ items: z.array(ChatMessageSchema) }), ...errors },
      },
    },
    async (request) => listMessagesOfContact(db, request.ctx.session!, request.query.contactNumber),
  );
  app.get(
    '/api/cs/customers/exportToCsv',
    {
      config: admins,
      schema: { tags: CS_TAGS, security, summary: 'Customers as CSV' },
    },
    async (request, reply) =>
      sendCsv(reply, 'customers.csv', (await exportCustomersCsv(db, request.ctx.session!.clientId)).content),
  );
  app.post(
    '/api/cs/customers/import',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary:
          'Create or update customers from one CSV file (phoneNumber, name, tags separated by |, mediaPlatform). The file is checked at once (400 invalid_csv with the row and reason; rows with a bad phone number are reported and skipped), then written by a job: poll GET /api/cs/customers/import/{id} for progress',
        response: { 202: CsCustomerImportSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await importCustomers(deps, request.ctx.session!, await readUploadedFile(request))),
  );
  app.get(
    '/api/cs/customers/import/:id',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'One customer import with its status, progress and refused rows',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: CsCustomerImportSchema, ...errors },
      },
    },
    async (request) => getCustomerImport(db, request.ctx.session!, request.params.id),
  );
  app.post(
    '/api/cs/customers/delete',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Delete the customers listed in one CSV file (phoneNumber); per-row report',
        response: { 200: CsRowReportSchema, ...errors },
      },
    },
    async (request) => deleteCustomersFromFile(db, request.ctx.session!, await readUploadedFile(request)),
  );

  app.get(
    '/api/cs/tag/list',
    {
      // Tag names are no personal data, and agents' screens and transfers by tag read them.
      config: inbox,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'The tag list, paged, with search',
        querystring: z.object({
          pageNumber: z.coerce.number().int().min(1).optional(),
          pageSize: pageSize(),
          search: z.string().max(100).optional(),
        }),
        response: {
          200: z.object({
            items: z.array(CsTagSchema),
            total: z.number(),
            pageNumber: z.number(),
            pageSize: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (request) => listTags(db, request.ctx.session!, request.query),
  );
  app.post(
    '/api/cs/tag/list',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Add a tag',
        body: z.object({
          name: z.string().trim().min(1).max(100),
          description: z.string().max(500).nullable().optional(),
        }),
        response: { 201: CsTagSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTag(db, request.ctx.session!, request.body)),
  );
  app.put(
    '/api/cs/tag/list',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Rename or describe a tag',
        body: z.object({
          id: z.string(),
          name: z.string().trim().min(1).max(100).optional(),
          description: z.string().max(500).nullable().optional(),
        }),
        response: { 200: CsTagSchema, ...errors },
      },
    },
    async (request) => renameTag(db, request.ctx.session!, request.body),
  );
  app.delete(
    '/api/cs/tag/list',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Remove a tag from the tag list (customers and agents keep the name they carry)',
        querystring: z.object({ id: z.string() }),
        response: { 200: CsTagSchema, ...errors },
      },
    },
    async (request) => deleteTag(db, request.ctx.session!, request.query.id),
  );
  app.post(
    '/api/cs/tag/list/insert',
    {
      config: admins,
      schema: {
        tags: CS_TAGS,
        security,
        summary: 'Add many tags; existing names are skipped',
        body: z.object({ tags: z.array(z.string().max(100)).min(1).max(1000) }),
        response: {
          200: z.object({ inserted: z.array(CsTagSchema), skipped: z.array(z.string()) }),
          ...errors,
        },
      },
    },
    async (request) => insertTagList(db, request.ctx.session!, request.body.tags),
  );
};
