import { AppError } from '../../../platform/errors.js';

export const verifyServiceNotFound = () =>
  new AppError(404, 'verify_service_not_found', 'No verification service has this id.');
export const verifyServiceNameTaken = () =>
  new AppError(
    409,
    'verify_service_name_taken',
    'The client already has a verification service with this name.',
  );
export const channelNotEnabled = (channel: string) =>
  new AppError(400, 'channel_not_enabled', `The service does not send on ${channel}.`);
