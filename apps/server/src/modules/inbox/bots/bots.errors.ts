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
