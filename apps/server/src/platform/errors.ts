import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a user may see: its code and message go out as they are (ARCHITECTURE §6). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
    /** A limit's refusal: when a retry can succeed (the body's `retryAfterSeconds` and `Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);

function joinPath(instancePath: string, prefix?: string): string {
  return [prefix, ...instancePath.split('/')].filter(Boolean).join('.');
}

/** Our codes for Fastify's own request errors; any other 4xx of theirs is `bad_request`. */
const FRAMEWORK_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_BAD_URL: 'bad_url',
  FST_ERR_MAX_PARAM_LENGTH: 'path_too_long',
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
};

/**
 * Errors Fastify meets before a route is found (a bad percent-encoding, an over-long path parameter):
 * they skip the error handler, so they are answered here in the same shape (Fastify's
 * `frameworkErrors` option).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(INTERNAL_ERROR);
  }
  // Fastify's own message repeats the URL; ours says what is wrong with it.
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is not validly percent-encoded'
        : 'Bad request';
  return reply
    .status(status)
    .send({ error: { code: FRAMEWORK_CODES[error.code] ?? 'bad_request', message } });
}

/**
 * PostgreSQL refused a value as data (SQLSTATE class 22: a malformed uuid, a number out of range, a
 * bad byte sequence): the request's fault, not ours. Drizzle puts the driver's error in `cause`.
 */
function isDataException(error: unknown): boolean {
  let at: unknown = error;
  for (let depth = 0; depth < 5 && at !== null && typeof at === 'object'; depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    at = (at as { cause?: unknown }).cause;
  }
  return false;
}

const INTERNAL_ERROR = { error: { code: 'internal_error', message: 'Something went wrong on our side' } };

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: 'route_not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` },
    });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
          ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: joinPath(issue.instancePath, error.validationContext),
        message: issue.message,
      }));
      const first = details[0];
      return reply.status(400).send({
        error: {
          code: 'validation_failed',
          message: first
            ? `${first.path ? `${first.path}: ` : ''}${first.message}`
            : 'The request is not valid',
          details,
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 && isDataException(error)) {
      // The last line of defence: schemas and the text guard should have refused the value first.
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.status(400).send({
        error: { code: 'invalid_value', message: 'A value in the request is not valid here' },
      });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(INTERNAL_ERROR);
    }
    // Fastify's and its plugins' own 4xx: malformed JSON, oversized body, wrong content type, rate limit.
    const code = FRAMEWORK_CODES[error.code] ?? (status === 429 ? 'rate_limited' : 'bad_request');
    const message =
      code === 'malformed_json' ? 'The request body is not valid JSON' : error.message || 'Bad request';
    return reply.status(status).send({ error: { code, message } });
  });
});
