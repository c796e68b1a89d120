import { PASSWORD_MESSAGES, type PasswordProblem } from '@sapa/contracts';
import { AppError } from '../../../platform/errors.js';

export const wrongOldPassword = () => new AppError(400, 'wrong_password', PASSWORD_MESSAGES.wrongOld);
export const passwordPolicy = (problems: PasswordProblem[]) =>
  new AppError(
    400,
    'password_policy',
    problems[0]?.message ?? 'The new password is not allowed.',
    problems.map((problem) => ({ path: problem.field, message: problem.message })),
  );
export const resetTokenInvalid = () =>
  new AppError(400, 'reset_token_invalid', 'This reset link is not valid. Ask for a new one.');
export const resetTokenUsed = () =>
  new AppError(410, 'reset_token_used', 'This reset link was already used. Ask for a new one.');
export const resetTokenExpired = () =>
  new AppError(410, 'reset_token_expired', 'This reset link has expired. Ask for a new one.');
export const mfaAlreadyOn = () =>
  new AppError(409, 'mfa_already_on', 'MFA is already on. Turn it off first to set up a new authenticator.');
export const mfaNotStarted = () =>
  new AppError(
    409,
    'mfa_not_started',
    'Start the MFA activation first, then enter a code from the authenticator.',
  );
export const mfaNotOn = () => new AppError(409, 'mfa_not_on', 'MFA is not on for this account.');
export const mfaWrongCode = () =>
  new AppError(
    400,
    'mfa_code_invalid',
    'The code is not valid. Enter the current code from your authenticator app.',
  );
