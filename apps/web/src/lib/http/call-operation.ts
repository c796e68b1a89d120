import {
  type AnyOperation,
  type OperationInput,
  type OperationResponse,
  operationPath,
} from '@sapa/contracts';
import { type HttpOptions, type QueryValue, request } from './http';

/** What one call sends besides the operation's own input. */
export type OperationCallOptions = Omit<HttpOptions, 'method' | 'body' | 'query' | 'responseType'>;

export type OperationCall<O extends AnyOperation> = OperationInput<O> & OperationCallOptions;

type CallArgs<O extends AnyOperation> =
  object extends OperationInput<O> ? [call?: OperationCall<O>] : [call: OperationCall<O>];

/**
 * Calls an operation declared in contracts: fills its path parameters, sends its query and body, and
 * parses the answer with its response schema, so the web cannot call a path or read a shape the server
 * does not declare. Bearer, CSRF, integrity and the refresh queue are `request`'s, as for every call.
 */
export async function callOperation<O extends AnyOperation>(
  operation: O,
  ...[call]: CallArgs<O>
): Promise<OperationResponse<O>> {
  const { params, query, body, ...options } = (call ?? {}) as OperationCall<AnyOperation>;
  const answer = await request(operationPath(operation, params), {
    ...options,
    method: operation.method,
    ...(query === undefined ? {} : { query: query as Record<string, QueryValue> }),
    ...(body === undefined ? {} : { body }),
  });
  return operation.response.parse(answer) as OperationResponse<O>;
}
