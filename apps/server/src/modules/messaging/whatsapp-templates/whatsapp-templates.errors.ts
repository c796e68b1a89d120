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
