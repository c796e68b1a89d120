import {
  type AnyOperation,
  ErrorBodySchema,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type OperationResponse,
} from '@sapa/contracts';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export type OperationRequest<O extends AnyOperation> = FastifyRequest<{
  Params: OperationParams<O>;
  Querystring: OperationQuery<O>;
  Body: OperationBody<O>;
}>;

export type OperationHandler<O extends AnyOperation> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<OperationResponse<O>> | OperationResponse<O>;

export type OperationRouteOptions = {
  /** Route settings other than the access rule, which only the operation declares. */
  config?: Omit<FastifyContextConfig, 'access'>;
  bodyLimit?: number;
};

/**
 * Registers the route of an operation declared in contracts: method, URL, schemas (so validation and
 * OpenAPI) and access rule all come from the descriptor; the route file supplies only the handler.
 */
export function routeOperation<O extends AnyOperation>(
  app: ZodApp,
  operation: O,
  handler: OperationHandler<O>,
  options: OperationRouteOptions = {},
): void {
  const response: Record<number, unknown> = { [operation.status ?? 200]: operation.response };
  for (const status of operation.errors ?? []) response[status] = ErrorBodySchema;
  app.route({
    method: operation.method,
    url: operation.path,
    config: { ...options.config, access: operation.access },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    schema: {
      tags: [...operation.tags],
      summary: operation.summary,
      // A public operation has no session to carry, so OpenAPI lists no bearer for it.
      ...(operation.access.kind === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      response,
    },
    // The schemas above are the operation's own, so the request and reply types the handler was written
    // against are the ones Fastify validates; only TypeScript cannot follow the generic through route().
    handler: handler as never,
  });
}
