import { AppError } from '../../../platform/errors.js';

export const resourceNotFound = () => new AppError(404, 'resource_not_found', 'Resource not found');
export const resourceTypeRefused = (accepted: string) =>
  new AppError(
    400,
    'unsupported_media_type',
    `This file is not one of ${accepted}. Its contents were checked, not its name.`,
  );
export const recordingUnreadable = (label: string) =>
  new AppError(400, 'unsupported_media_type', `This recording cannot be read as a ${label} file.`);
export const resourceTooLarge = (kind: string, maxBytes: number) =>
  new AppError(
    413,
    'file_too_large',
    `A ${kind} resource can be at most ${Math.round(maxBytes / (1024 * 1024))} MB.`,
  );
export const resourceExists = (name: string) =>
  new AppError(409, 'resource_exists', `This file is already in the resources as "${name}".`);
export const resourceInUse = (users: string[]) =>
  new AppError(
    409,
    'resource_in_use',
    `This resource is in use by ${users.slice(0, 5).join(', ')}${users.length > 5 ? ` and ${users.length - 5} more` : ''}; choose another file there first.`,
  );
export const recordingNotFound = () =>
  new AppError(
    404,
    'recording_not_found',
    'The recording is not one of the voice resources (WAV or MP3) of this client.',
  );
