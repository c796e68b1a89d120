import { AppError, notFound } from '../../../platform/errors.js';

export const providerNotFound = () => notFound('provider_not_found', 'This provider does not exist.');

export const providerTypeUnknown = (channel: string, type: string, known: readonly string[]) =>
  new AppError(
    400,
    'provider_type_unknown',
    `${JSON.stringify(type.slice(0, 40))} is not a provider type of ${channel}${known.length ? `; use one of ${known.join(', ')}` : ': none is available yet'}.`,
  );

export const providerInvalid = (message: string) => new AppError(400, 'validation_failed', message);

export const providerNameTaken = (name: string) =>
  new AppError(
    409,
    'provider_name_taken',
    `A provider of this channel is already named ${JSON.stringify(name)}.`,
  );

export const providerEditPending = () =>
  new AppError(
    409,
    'provider_edit_pending',
    'A change of this provider is waiting for a checker: it can be changed again once that is decided.',
  );

export const providerIsDefault = () =>
  new AppError(
    409,
    'provider_is_default',
    'This is the channel’s default provider: make another one the default before removing it.',
  );

export const providerChanged = () =>
  new AppError(409, 'provider_changed', 'The provider changed since this request was made; make it again.');

export const notProviderUser = (channel: string) =>
  new AppError(
    403,
    'not_channel_user',
    `Only the client's admins and the makers and checkers named for ${channel} may do this.`,
  );

export const invalidCallbackSignature = () =>
  new AppError(401, 'invalid_signature', 'The status callback signature does not match.');
