import { AppError } from '../../../platform/errors.js';

export const otpRequestNotFound = () =>
  new AppError(404, 'otp_request_not_found', 'No OTP request has this id.');
export const otpAlreadyApproved = () =>
  new AppError(409, 'otp_already_approved', 'This code was already used: a code is valid once.');
export const maxAttemptsReached = () =>
  new AppError(429, 'max_attempts_reached', 'Too many wrong codes: request a new code.');
export const invalidDestination = (channel: string, reason: string) =>
  new AppError(400, 'invalid_destination', `The destination is not a valid ${channel} address: ${reason}.`);
export const tooManySends = (limit: number, minutes: number, retryAfterSeconds: number) =>
  new AppError(
    429,
    'too_many_sends',
    `At most ${limit} codes may be sent to one destination in ${minutes} minutes; retry in ${retryAfterSeconds} s.`,
    undefined,
    retryAfterSeconds,
  );
export const dailyCapReached = (cap: number, retryAfterSeconds: number) =>
  new AppError(
    429,
    'daily_cap_reached',
    `The client's daily cap of ${cap} codes is reached; retry after midnight UTC (in ${retryAfterSeconds} s).`,
    undefined,
    retryAfterSeconds,
  );
export const prefixBlocked = (prefix: string, until: Date, retryAfterSeconds: number) =>
  new AppError(
    429,
    'prefix_blocked',
    `Sends to numbers starting +${prefix} are blocked until ${until.toISOString()} after an unusual burst (fraud guard).`,
    undefined,
    retryAfterSeconds,
  );
export const prefixBlockNotFound = () =>
  new AppError(404, 'prefix_block_not_found', 'This prefix is not blocked.');
