import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  RESOURCE_UPLOAD_MAX_BYTES,
  RenameResourceSchema,
  ResourceListQuerySchema,
  ResourcePageSchema,
  ResourceParamsSchema,
  ResourceSchema,
  ResourceUploadFieldsSchema,
} from './resources.schemas.js';

// The resources library (decision 0045). Who may depends on the resource's channel (its campaign
// users; the WhatsApp template managers too for WhatsApp), so the services decide.
const tags = ['campaigns'];

export const resourcesOperations = {
  listResources: defineOperation({
    method: 'GET',
    path: '/api/resources',
    access: access.authenticated(),
    tags,
    summary: "A channel area's resources, newest first, by kind and part of the name",
    query: ResourceListQuerySchema,
    response: ResourcePageSchema,
    errors: [400, 403],
  }),
  uploadResource: defineOperation({
    method: 'POST',
    path: '/api/resources',
    access: access.authenticated(),
    tags,
    summary:
      "Upload a resource: its type is read from the file's first bytes (JPEG, PNG, PDF, WAV, MP3, OGG, MP4; which ones depends on the channel), each kind within its size limit; a recording's duration is read from the file",
    upload: { field: 'file', maxBytes: RESOURCE_UPLOAD_MAX_BYTES, fields: ResourceUploadFieldsSchema },
    response: ResourceSchema,
    status: 201,
    errors: [400, 403, 409, 413],
  }),
  getResource: defineOperation({
    method: 'GET',
    path: '/api/resources/:resourceId',
    access: access.authenticated(),
    tags,
    summary: 'One resource',
    params: ResourceParamsSchema,
    response: ResourceSchema,
    errors: [403, 404],
  }),
  renameResource: defineOperation({
    method: 'PATCH',
    path: '/api/resources/:resourceId',
    access: access.authenticated(),
    tags,
    summary: 'Rename a resource',
    params: ResourceParamsSchema,
    body: RenameResourceSchema,
    response: ResourceSchema,
    errors: [400, 403, 404],
  }),
  deleteResource: defineOperation({
    method: 'DELETE',
    path: '/api/resources/:resourceId',
    access: access.authenticated(),
    tags,
    summary: 'Delete a resource; refused (409 resource_in_use) while a campaign or a template uses it',
    params: ResourceParamsSchema,
    response: z.object({ deleted: z.boolean() }),
    errors: [403, 404, 409],
  }),
  downloadResource: defineOperation({
    method: 'GET',
    path: '/api/resources/:resourceId/content',
    access: access.authenticated(),
    tags,
    summary: "The resource's file, under the type its bytes showed (to preview, play or download)",
    params: ResourceParamsSchema,
    answer: { kind: 'file', contentType: 'application/octet-stream' },
    errors: [403, 404],
  }),
};
