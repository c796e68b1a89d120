import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { CLIENT_ADMIN_ROLES } from '../access/roles.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  BlacklistDeleteQuerySchema,
  BlacklistEntryInputSchema,
  BlacklistEntrySchema,
  BlacklistImportResultSchema,
  BlacklistPageSchema,
  BlacklistQuerySchema,
} from './blacklist.schemas.js';

// Spec §7 "Blacklist: list, create, delete, export" (paths ours), plus import. The list guards every
// channel's sends, so it is the client's admins' (SAD, ADC, ADB); an entry for one channel also needs
// that channel's feature, which the service checks.
const tags = ['blacklist'];
const admins = access.roles(...CLIENT_ADMIN_ROLES);

export const blacklistOperations = {
  listBlacklist: defineOperation({
    method: 'GET',
    path: '/api/blacklist',
    access: admins,
    tags,
    summary: "The client's blacklist, newest first, by media type or a search in the numbers and addresses",
    query: BlacklistQuerySchema,
    response: BlacklistPageSchema,
    errors: [400, 403],
  }),
  createBlacklistEntry: defineOperation({
    method: 'POST',
    path: '/api/blacklist',
    access: admins,
    tags,
    summary: 'Block a number (or, for EMAIL, an address) on one channel or on ALL',
    body: BlacklistEntryInputSchema,
    response: z.object({ added: z.boolean(), entry: BlacklistEntrySchema }),
    status: 201,
    errors: [400, 403],
  }),
  deleteBlacklistEntry: defineOperation({
    method: 'DELETE',
    path: '/api/blacklist',
    access: admins,
    tags,
    summary: 'Unblock a number or address on one media type',
    query: BlacklistDeleteQuerySchema,
    response: z.object({ removed: z.boolean() }),
    errors: [400, 403, 404],
  }),
  importBlacklist: defineOperation({
    method: 'POST',
    path: '/api/blacklist/import',
    access: admins,
    tags,
    summary:
      'Block the rows of a CSV or XLSX file (columns mediaType, intlPhoneNumber or email, reason); refused rows are reported with their reason',
    upload: { field: 'file', maxBytes: 20 * 1024 * 1024 },
    response: BlacklistImportResultSchema,
    errors: [400, 403, 413],
  }),
  exportBlacklist: defineOperation({
    method: 'GET',
    path: '/api/blacklist/export',
    access: admins,
    tags,
    summary:
      "The client's blacklist as CSV (mediaType, intlPhoneNumber, email, reason, createdBy, createdAt)",
    query: BlacklistQuerySchema.pick({ mediaType: true, search: true }),
    answer: { kind: 'file', contentType: 'text/csv' },
    errors: [400, 403],
  }),
};
