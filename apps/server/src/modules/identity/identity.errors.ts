import { AppError } from '../../platform/errors.js';

// Bad credentials always get this one message, so nobody learns which part was wrong.
export const invalidCredentials = () =>
  new AppError(401, 'invalid_credentials', 'Invalid username or password');
export const tooManyAttempts = () =>
  new AppError(429, 'too_many_attempts', 'Too many wrong attempts. Wait a few minutes, then try again.');
export const accountLocked = () =>
  new AppError(
    423,
    'account_locked',
    'This account is locked after too many failed logins. Ask your administrator to unlock it.',
  );
export const accountDeactivated = () =>
  new AppError(
    403,
    'account_deactivated',
    'This account is deactivated. Ask your administrator to activate it.',
  );
export const accountPending = () =>
  new AppError(
    403,
    'account_pending',
    'This account is not activated yet. Ask your administrator to activate it.',
  );
export const clientDeactivated = () =>
  new AppError(403, 'client_deactivated', 'Your company’s account is deactivated. Contact Sapa support.');
export const undecryptablePassword = () =>
  new AppError(
    400,
    'invalid_encrypted_password',
    'The password could not be read. Reload the page and try again.',
  );
export const sessionEnded = () =>
  new AppError(401, 'session_expired', 'Your session has ended. Please log in again.');
export const refreshTokenReused = () =>
  new AppError(
    401,
    'refresh_token_reused',
    'This session was ended because its refresh token was used twice. Please log in again.',
  );
export const userNotFound = () => new AppError(404, 'user_not_found', 'User not found');
export const mfaChallengeInvalid = () =>
  new AppError(401, 'mfa_challenge_invalid', 'Your login step has expired. Please log in again.');
export const mfaCodeInvalid = () =>
  new AppError(
    401,
    'mfa_code_invalid',
    'The code is not valid. Enter the current code from your authenticator app.',
  );
