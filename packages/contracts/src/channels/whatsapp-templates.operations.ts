import { z } from 'zod';
import { access } from '../access/access-rule.js';
import { defineOperation } from '../operations/define-operation.js';
import {
  TemplateDraftSchema,
  TemplateListQuerySchema,
  TemplatePageSchema,
  WhatsappTemplateSchema,
} from './whatsapp-templates.schemas.js';

/** Who sees the templates (campaign makers pick them) and who creates, deletes and syncs them. */
const readAccess = access.feature('WHATSAPP', ['SAD', 'ADC', 'ADU', 'USR', 'USV', 'ADB']);
/** Who creates, deletes and syncs templates: the roles that manage the client's WhatsApp numbers. */
export const WHATSAPP_TEMPLATE_WRITE_ROLES = ['SAD', 'ADC', 'ADU'] as const;
const writeAccess = access.feature('WHATSAPP', WHATSAPP_TEMPLATE_WRITE_ROLES);
const TemplateParamsSchema = z.object({ templateId: z.string().max(64) });

/**
 * WhatsApp message templates of the client's numbers (spec §2 `/whatsapp/template`,
 * `/whatsapp/createtemplate`; §7 "templates"): stored here, submitted to, deleted from and synced
 * with the number's WhatsApp Business Account by jobs (Graph API `message_templates`).
 */
export const whatsappTemplateOperations = {
  listTemplates: defineOperation({
    method: 'GET',
    path: '/api/channels/whatsapp/templates',
    access: readAccess,
    tags: ['channels'],
    summary: "The client's WhatsApp templates with their review status, newest first",
    query: TemplateListQuerySchema,
    response: TemplatePageSchema,
  }),
  createTemplate: defineOperation({
    method: 'POST',
    path: '/api/channels/whatsapp/templates',
    access: writeAccess,
    tags: ['channels'],
    summary: 'Create a template: stored as SUBMITTING, then submitted for review by a job',
    body: TemplateDraftSchema,
    response: WhatsappTemplateSchema,
    errors: [404, 409],
  }),
  getTemplate: defineOperation({
    method: 'GET',
    path: '/api/channels/whatsapp/templates/:templateId',
    access: readAccess,
    tags: ['channels'],
    summary: 'One template',
    params: TemplateParamsSchema,
    response: WhatsappTemplateSchema,
    errors: [404],
  }),
  deleteTemplate: defineOperation({
    method: 'DELETE',
    path: '/api/channels/whatsapp/templates/:templateId',
    access: writeAccess,
    tags: ['channels'],
    summary: 'Delete a template: marked DELETING, removed from the WhatsApp Business Account by a job',
    params: TemplateParamsSchema,
    response: WhatsappTemplateSchema,
    errors: [404, 409],
  }),
  syncTemplates: defineOperation({
    method: 'POST',
    path: '/api/channels/whatsapp/templates/sync',
    access: writeAccess,
    tags: ['channels'],
    summary: "Read every template's status (and templates made elsewhere) from the WhatsApp Business Account",
    body: z.object({ channelId: z.string().max(64) }),
    response: z.object({ queued: z.literal(true) }),
    errors: [404, 409],
  }),
};
