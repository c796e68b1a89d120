import { AppError, notFound } from '../../../platform/errors.js';

export const templateNotFound = () =>
  notFound('template_not_found', 'This WhatsApp template does not exist.');
export const templateChannelNotFound = () =>
  notFound('channel_not_found', 'This WhatsApp channel does not exist.');
export const templateNameTaken = () =>
  new AppError(409, 'template_name_taken', 'This number already has a template with this name and language.');
export const wabaNotConfigured = () =>
  new AppError(
    409,
    'waba_not_configured',
    'This number has no WhatsApp Business Account id or access token: templates live in the business account.',
  );
export const templateBeingDeleted = () =>
  new AppError(409, 'template_being_deleted', 'This template is being deleted.');
/** A send names a template the number has, but Meta has not approved it (or paused it). */
export const templateNotApproved = (name: string, status: string) =>
  new AppError(
    422,
    'template_not_approved',
    `The WhatsApp template "${name}" cannot be sent: its status is ${status}, not APPROVED.`,
  );
/** A media header's sample must be one of the client's files (another client's answers the same). */
export const templateSampleNotFound = () =>
  notFound('sample_not_found', 'The header sample file does not exist.');
export const templateSampleWrongKind = (format: string, allowed: readonly string[]) =>
  new AppError(
    400,
    'sample_wrong_kind',
    `A ${format.toLowerCase()} header needs a sample of type ${allowed.join(' or ')}.`,
  );
