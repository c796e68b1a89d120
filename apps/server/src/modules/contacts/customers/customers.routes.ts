import { contactsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isTrue, sendCsv } from '../../../platform/http-io.js';
import { readOperationUpload, routeOperation } from '../../../platform/operation-route.js';
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

export const customersRoutes: FastifyPluginAsyncZod<{ deps: ContactsDeps }> = async (app, { deps }) => {
  const { db } = deps;
  // Spec §6: customers are the admins'. Agents reach only the customer of a room they may open, through
  // the chat screen's calls (byPhoneNumber, data/message, POST), which the service scopes like /api/cs/chat.
  routeOperation(app, contactsOperations.searchCustomers, (request) =>
    searchCustomers(db, request.ctx.actor!, {
      ...request.query,
      isPhoneNumber: isTrue(request.query.isPhoneNumber),
    }),
  );
  routeOperation(app, contactsOperations.getCustomerByPhone, (request) =>
    getCustomerByPhone(deps, request.ctx.actor!, request.query.phoneNumber),
  );
  routeOperation(app, contactsOperations.listCustomerPhoneNumbers, async (request) => {
    const page = await searchCustomers(db, request.ctx.actor!, {
      q: request.query.q,
      isPhoneNumber: true,
      pageSize: request.query.pageSize ?? 50,
    });
    return { phoneNumbers: page.items.map((item) => item.phoneNumber) };
  });
  routeOperation(app, contactsOperations.saveCustomer, (request) =>
    saveCustomer(deps, request.ctx.actor!, request.body),
  );
  routeOperation(app, contactsOperations.updateCustomerProfile, (request) =>
    updateCustomerProfile(deps, request.ctx.actor!, {
      phoneNumber: request.body.phoneNumber,
      imgProfileUrl: request.body.imgProfileUrl ?? request.body.picture,
      csId: request.body.csId,
    }),
  );
  routeOperation(app, contactsOperations.listCustomerTags, (request) =>
    listTagsOfCustomers(db, request.ctx.actor!),
  );
  routeOperation(app, contactsOperations.listCustomersByTags, (request) =>
    searchCustomers(db, request.ctx.actor!, {
      tags: parseTags(request.query.tags),
      pageSize: request.query.pageSize,
      lastEvaluatedKey: request.query.lastEvaluatedKey,
    }),
  );
  routeOperation(app, contactsOperations.exportCustomers, async (request, reply) =>
    sendCsv(reply, 'customers.csv', (await exportCustomersCsv(db, request.ctx.actor!.clientId)).content),
  );
  routeOperation(app, contactsOperations.importCustomers, async (request) => {
    const { bytes } = await readOperationUpload(request, contactsOperations.importCustomers);
    return importCustomers(deps, request.ctx.actor!, bytes);
  });
  routeOperation(app, contactsOperations.getCustomerImport, (request) =>
    getCustomerImport(db, request.ctx.actor!, request.params.id),
  );
  routeOperation(app, contactsOperations.deleteCustomersFromFile, async (request) => {
    const { bytes } = await readOperationUpload(request, contactsOperations.deleteCustomersFromFile);
    return deleteCustomersFromFile(db, request.ctx.actor!, bytes);
  });
};
