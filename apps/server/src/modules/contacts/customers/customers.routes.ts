import {
  CsCustomerImportSchema,
  CsCustomerInputSchema,
  CsCustomerSchema,
  CsRowReportSchema,
  CsTagNamesSchema,
  ErrorBodySchema,
  keysetPageOf,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isTrue, pageSize, queryFlag, readUploadedFile, sendCsv } from '../../../platform/http-io.js';
import { CS_TAGS, contactsAccess, security } from '../contacts.access.js';
import type { ContactsDeps } from '../contacts.deps.js';
import {
  deleteCustomersFromFile,
  exportCustomersCsv,
  getCustomerByPhone,
  getCustomerImport,
  importCustomers,
  listTagsOfCustomers,
  parseTags,
  saveCustomer,
  searchCustomers,
  updateCustomerProfile,
} from './customers.service.js';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export const customersRoutes: FastifyPluginAsyncZod<{ deps: ContactsDeps }> = async (app, { deps }) => {
  const { db } = deps;
  // Spec §6: customers are the admins'. Agents reach only the customer of a room they may open, through
  // the chat screen's calls (byPhoneNumber, data/message, POST), which the service scopes like /api/cs/chat.
  const admins = { access: contactsAccess.admins };
  const inbox = { access: contactsAccess.inbox };

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
      searchCustomers(db, request.ctx.actor!, {
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
    async (request) => getCustomerByPhone(deps, request.ctx.actor!, request.query.phoneNumber),
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
      const page = await searchCustomers(db, request.ctx.actor!, {
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
    async (request) => saveCustomer(deps, request.ctx.actor!, request.body),
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
      updateCustomerProfile(deps, request.ctx.actor!, {
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
    async (request) => listTagsOfCustomers(db, request.ctx.actor!),
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
      searchCustomers(db, request.ctx.actor!, {
        tags: parseTags(request.query.tags),
        pageSize: request.query.pageSize,
        lastEvaluatedKey: request.query.lastEvaluatedKey,
      }),
  );
  app.get(
    '/api/cs/customers/exportToCsv',
    {
      config: admins,
      schema: { tags: CS_TAGS, security, summary: 'Customers as CSV' },
    },
    async (request, reply) =>
      sendCsv(reply, 'customers.csv', (await exportCustomersCsv(db, request.ctx.actor!.clientId)).content),
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
        .send(await importCustomers(deps, request.ctx.actor!, await readUploadedFile(request))),
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
    async (request) => getCustomerImport(db, request.ctx.actor!, request.params.id),
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
    async (request) => deleteCustomersFromFile(db, request.ctx.actor!, await readUploadedFile(request)),
  );
};
