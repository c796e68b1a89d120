import { AppError, notFound } from '../../../platform/errors.js';

export { botNotFound } from '../inbox.errors.js';
export const botActionNotFound = () => notFound('bot_action_not_found', 'Chat bot action not found');
export const botValidationNotFound = () => notFound('bot_validation_not_found', 'Bot validation not found');
export const botProjectNotFound = () => notFound('bot_project_not_found', 'Bot project not found');
export const botExists = () => new AppError(409, 'bot_exists', 'A chat bot with this name already exists');
export const botFlowInvalid = (message: string) => new AppError(400, 'bot_flow_invalid', message);
export const botActionInUse = (by: string) =>
  new AppError(409, 'bot_action_in_use', `The action ${by} leads to this action: change it first`);
export const botProviderNotConnected = () =>
  new AppError(409, 'bot_provider_not_connected', 'Connect this bot provider first');
export const botProjectRequired = () =>
  new AppError(400, 'bot_project_required', 'An external bot needs one of the provider’s projects');
/** A bot action or auto-reply names a template this client has not got (another client's included). */
export const messageTemplateNotFound = (name: string, language: string) =>
  notFound('template_not_found', `The WhatsApp template "${name}" (${language}) does not exist.`);
/** Only APPROVED templates may be saved into a flow or rule, and sent. */
export const messageTemplateNotApproved = (name: string, status: string) =>
  new AppError(
    422,
    'template_not_approved',
    `The WhatsApp template "${name}" cannot be sent: its status is ${status}, not APPROVED.`,
  );
export const messageTemplateParameters = (name: string, expected: number, given: number) =>
  new AppError(
    400,
    'template_parameters_mismatch',
    `The WhatsApp template "${name}" takes ${expected} value(s) for its body; ${given} given.`,
  );
