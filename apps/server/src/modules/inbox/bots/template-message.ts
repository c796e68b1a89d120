import type { TemplateMessage } from '@sapa/contracts';
import type { Executor } from '../../../platform/database.js';
import { templateUsability } from '../../messaging/index.js';
import {
  messageTemplateNotApproved,
  messageTemplateNotFound,
  messageTemplateParameters,
} from './bots.errors.js';

/**
 * On save (a bot's flow, an auto-reply rule): the template must be one of the client's APPROVED
 * templates, on any of its numbers, with one value per body variable (decision 0044). Another client's
 * template is not found (404). Sending checks again on the conversation's own number.
 */
export async function checkTemplateMessage(executor: Executor, clientId: string, template: TemplateMessage) {
  const usability = await templateUsability(executor, clientId, template, null);
  if (!usability.usable) {
    if (usability.reason === 'not_found') throw messageTemplateNotFound(template.name, template.language);
    throw messageTemplateNotApproved(template.name, usability.status);
  }
  if (usability.variables !== template.parameters.length)
    throw messageTemplateParameters(template.name, usability.variables, template.parameters.length);
}
