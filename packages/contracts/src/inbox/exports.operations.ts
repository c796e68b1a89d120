import { z } from 'zod';
import { ExportPageQuerySchema } from '../exports/exports.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { CsExportPageSchema, CsExportSchema } from './cs-admin.schemas.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';
import { HistoryQuerySchema } from './rooms.operations.js';

const errors = [400, 403, 404] as const;
/** What an export is requested with: the history filters as CSV (pageSize -1 means all). */
export const ExportRequestSchema = HistoryQuerySchema.extend({ asType: z.literal('csv').default('csv') });
const csvFile = { kind: 'file', contentType: 'text/csv' } as const;

/** The three operations of one kind of export: request it, list the requests, download the file. */
function exportKindOperations(
  path: string,
  access: (typeof inboxAccess)[keyof typeof inboxAccess],
  noun: string,
) {
  return {
    request: defineOperation({
      method: 'POST',
      path,
      access,
      tags,
      summary: `Request an export of ${noun} (asType csv; history filters; pageSize -1 means all); built by a job`,
      body: ExportRequestSchema,
      response: CsExportSchema,
      status: 202,
      errors,
    }),
    list: defineOperation({
      method: 'GET',
      path,
      access,
      tags,
      summary: `Requested ${noun} exports with their progress, newest first (an agent sees only their own)`,
      query: ExportPageQuerySchema,
      response: CsExportPageSchema,
      errors,
    }),
    download: defineOperation({
      method: 'GET',
      path: `${path}/download`,
      access,
      tags,
      summary: `The finished ${noun} export file`,
      query: z.object({ id: z.string() }),
      answer: csvFile,
      errors: [404],
    }),
  };
}

/** Exports built by a job (chat-room history, customers) and their files. */
export const exportsOperations = {
  listAllExports: defineOperation({
    method: 'GET',
    path: '/api/cs/exports',
    access: inboxAccess.inbox,
    tags,
    summary: 'Every export the caller may see (history and customers), newest first; agents see their own',
    query: ExportPageQuerySchema,
    response: CsExportPageSchema,
    errors,
  }),
  getExport: defineOperation({
    method: 'GET',
    path: '/api/cs/exports/:id',
    access: inboxAccess.inbox,
    tags,
    summary: 'One export with its status and progress',
    params: z.object({ id: z.string() }),
    response: CsExportSchema,
    errors,
  }),
  /** By the kind of export (spec §7). */
  chatroomHistory: exportKindOperations(
    '/api/cs/exportChatroomHistory',
    inboxAccess.inbox,
    'chat-room history',
  ),
  customers: exportKindOperations('/api/cs/exportCustomer', inboxAccess.admins, 'customers'),
};
