import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import { queryFlag } from '../operations/query-fields.js';
import {
  ChatTemplateActionSchema,
  ChatTemplatePageSchema,
  ChatTemplateSaveSchema,
  ChatTemplateSchema,
} from './cs-admin.schemas.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';

const errors = [400, 403, 404, 409] as const;

/** Chat templates: agents send them, the template editors write them (spec §6). */
export const templatesOperations = {
  listTemplates: defineOperation({
    method: 'GET',
    path: '/api/cs/chatTemplate',
    access: inboxAccess.templateReaders,
    tags,
    summary: 'Chat templates (agents see active ones), paged, with search',
    query: z.object({
      pageNumber: z.coerce.number().int().min(0).optional(),
      pageSize: z.coerce.number().int().min(1).max(200).optional(),
      search: z.string().max(200).optional(),
      isClosingRemark: queryFlag,
    }),
    response: ChatTemplatePageSchema,
    errors,
  }),
  saveTemplate: defineOperation({
    method: 'PUT',
    path: '/api/cs/chatTemplate',
    access: inboxAccess.templateEditors,
    tags,
    summary: 'Create a chat template, or update the one named by id',
    body: ChatTemplateSaveSchema,
    response: ChatTemplateSchema,
    errors,
  }),
  deleteTemplate: defineOperation({
    method: 'DELETE',
    path: '/api/cs/chatTemplate',
    access: inboxAccess.templateEditors,
    tags,
    summary: 'Delete a chat template',
    query: z.object({ id: z.string() }),
    response: z.object({ deleted: z.number() }),
    errors,
  }),
  applyTemplateAction: defineOperation({
    method: 'POST',
    path: '/api/cs/chatTemplate/action',
    access: inboxAccess.templateEditors,
    tags,
    summary: 'Activate, deactivate or delete several chat templates',
    body: ChatTemplateActionSchema,
    response: z.object({ action: z.string(), affected: z.number() }),
    errors,
  }),
};
