import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';

const tags = ['files'];
/** Any stored type: the file keeps the media type it was stored with. */
const storedFile = { kind: 'file', contentType: 'application/octet-stream' } as const;

/** Stored files (customers' media, images sent to customers). */
export const storageOperations = {
  getFile: defineOperation({
    method: 'GET',
    path: '/api/files/:fileId',
    access: access.authenticated(),
    tags,
    summary: "A stored file (such as a customer's media) of the caller's client",
    params: z.object({ fileId: z.string() }),
    answer: storedFile,
    errors: [404],
  }),
  getSharedFile: defineOperation({
    method: 'GET',
    path: '/api/files/shared/:clientId/:fileId',
    access: access.public(),
    tags,
    summary:
      'A stored file by a signed link that expires (an image sent to a customer, fetched by the provider without a login)',
    params: z.object({ clientId: z.string(), fileId: z.string() }),
    query: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
    answer: storedFile,
    errors: [404],
  }),
};
