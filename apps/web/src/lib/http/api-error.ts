import { ErrorBodySchema } from '@sapa/contracts/errors';

/** Codes the web gives failures that carry no `{ error: { code, message } }` body of the server. */
export const NETWORK_ERROR = 'network_error';
export const HTTP_ERROR = 'http_error';
export const INTEGRITY_ERROR = 'response_not_trusted';

/** A failed API call: the HTTP status (0 when the server was not reached), the server's code and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field problems of a validation answer (`body.email`…), when the server gave them. */
    readonly details: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** Builds the error of a non-2xx answer from its `{ error: { code, message } }` body (ARCHITECTURE §6). */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success)
    return new ApiError(
      status,
      parsed.data.error.code,
      parsed.data.error.message,
      parsed.data.error.details ?? [],
    );
  return new ApiError(status, HTTP_ERROR, `Request failed with status ${status}`);
}
