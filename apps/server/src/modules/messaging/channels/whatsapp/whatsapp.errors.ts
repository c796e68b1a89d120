import { AppError, notFound } from '../../../../platform/errors.js';

export const windowClosed = () =>
  new AppError(
    422,
    'window_closed',
    "The customer's 24-hour window is closed: a free-form message cannot be sent. Send an approved template message; the window opens again when the customer writes.",
  );
export const channelNotFound = () => notFound('channel_not_found', 'This WhatsApp channel does not exist.');
export const channelNotConfigured = () =>
  new AppError(409, 'channel_not_configured', 'No WhatsApp channel is set up for this client.');
export const phoneNumberIdTaken = () =>
  new AppError(409, 'phone_number_id_taken', 'This WhatsApp phone number id is already connected.');
export const accessTokenRequired = () =>
  new AppError(400, 'access_token_required', 'The Cloud API provider needs an access token.');
export const invalidSignature = () =>
  new AppError(401, 'invalid_signature', 'The webhook signature is missing or does not match.');
export const verificationFailed = () =>
  new AppError(403, 'verification_failed', 'The verify token does not match.');
export const messageTooLong = () =>
  new AppError(400, 'message_too_long', 'A WhatsApp text message can be at most 4096 characters.');
const retryableRejections = new WeakSet<AppError>();
/** `retryable`: Meta was overloaded or rate-limited us (5xx, 429, throttling codes); trying later may work. */
export const providerRejected = (code: string, detail: string, retryable = false) => {
  const error = new AppError(
    502,
    'provider_rejected',
    `WhatsApp refused the message (error ${code}): ${detail}`,
  );
  if (retryable) retryableRejections.add(error);
  return error;
};
export const isRetryableRejection = (error: AppError) => retryableRejections.has(error);
export const providerAuthFailed = (detail: string) =>
  new AppError(502, 'provider_auth_failed', `WhatsApp did not accept our access token: ${detail}`);
export const providerTimeout = () =>
  new AppError(
    504,
    'provider_timeout',
    'WhatsApp did not answer in time. The message may not have been sent.',
  );
export const providerUnreachable = () =>
  new AppError(502, 'provider_unreachable', 'WhatsApp could not be reached. Please try again.');
/** The address is one this server may not call (deployment settings: WHATSAPP_GRAPH_BASE_URL, OUTBOUND_ALLOW_PRIVATE_NETWORKS). */
export const providerAddressRefused = (detail: string) =>
  new AppError(502, 'provider_address_refused', `WhatsApp was not called: ${detail}.`);
/** A media download that is not worth retrying: wrong host, too big, or bytes that are not the declared type. */
export const mediaRefused = (detail: string) =>
  new AppError(502, 'media_refused', `The WhatsApp media file was not stored: ${detail}.`);
export const sandboxNotInUse = () =>
  notFound('sandbox_not_in_use', 'The sandbox WhatsApp provider is not in use for this number.');
export const sandboxNumberNotOnWhatsapp = () =>
  new AppError(
    409,
    'sandbox_number_not_on_whatsapp',
    'This number uses the sandbox provider: it is not on WhatsApp, so there is nothing to read from Meta.',
  );
/** Meta answered a read of the number with an error (not a token problem). */
export const numberReadRefused = (code: string, detail: string) =>
  new AppError(502, 'provider_rejected', `WhatsApp did not describe the number (error ${code}): ${detail}`);
