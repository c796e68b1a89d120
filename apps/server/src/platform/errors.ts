import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a user may see: its code and message go out as they are (ARCHITECTURE §6). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (code: string, message: string) => new AppError(404, code, message);

function joinPath(instancePath: string, prefix?: string): string {
  return [prefix, ...instancePath.split('/')].filter(Boolean).join('.');
}

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: 'route_not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` },
    });
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
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
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ error: { code: 'internal_error', message: 'Something went wrong on our side' } });
    }
    // Fastify's own 4xx: malformed JSON, oversized body, wrong content type, rate limit.
    const code =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'malformed_json'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'body_too_large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'unsupported_media_type'
            : status === 429
              ? 'rate_limited'
              : 'bad_request';
    const message =
      code === 'malformed_json' ? 'The request body is not valid JSON' : error.message || 'Bad request';
    return reply.status(status).send({ error: { code, message } });
  });
});
