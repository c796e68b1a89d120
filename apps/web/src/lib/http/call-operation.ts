import {
  type Answers,
  type AnyOperation,
  type OperationInput,
  type OperationResponse,
  operationPath,
} from '@sapa/contracts/operations';
import type { DownloadedFile } from './download';
import { buildUrl, type HttpOptions, type QueryValue, request } from './http';

/** What one call sends besides the operation's own input. */
export type OperationCallOptions = Omit<HttpOptions, 'method' | 'body' | 'query' | 'responseType'>;

export type OperationCall<O extends AnyOperation> = OperationInput<O> & OperationCallOptions;

type CallArgs<O extends AnyOperation> =
  object extends OperationInput<O> ? [call?: OperationCall<O>] : [call: OperationCall<O>];

/** The body an operation sends: its JSON, or its text fields then its file as multipart form data. */
function bodyOf(operation: AnyOperation, call: OperationCall<AnyOperation>): unknown {
  if (!operation.upload) return call.body;
  const form = new FormData();
  // Fields go before the file: the server reads them as it reaches the file.
  for (const [name, value] of Object.entries((call.fields ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  const file = call.file as Blob;
  form.append(operation.upload.field, file, call.fileName ?? (file instanceof File ? file.name : 'file'));
  return form;
}

function send<O extends AnyOperation>(operation: O, call: OperationCall<AnyOperation>, file: boolean) {
  const { params, query, body: _body, file: _file, fileName: _name, fields: _fields, ...options } = call;
  const body = bodyOf(operation, call);
  return request(operationPath(operation, params), {
    ...options,
    method: operation.method,
    ...(query === undefined ? {} : { query: query as Record<string, QueryValue> }),
    ...(body === undefined ? {} : { body }),
    ...(file ? { responseType: 'file' as const } : {}),
  });
}

/**
 * Calls an operation declared in contracts: fills its path parameters, sends its query and its body (JSON,
 * or a file as multipart form data), and parses the answer with its response schema, so the web cannot
 * call a path or read a shape the server does not declare. Bearer, CSRF, integrity and the refresh queue
 * are `request`'s, as for every call.
 */
export async function callOperation<O extends AnyOperation>(
  operation: O & Answers<O, 'json'>,
  ...[call]: CallArgs<O>
): Promise<OperationResponse<O>> {
  if (!operation.response) throw new Error(`${operation.method} ${operation.path} answers no JSON`);
  const answer = await send(operation, (call ?? {}) as OperationCall<AnyOperation>, false);
  return operation.response.parse(answer) as OperationResponse<O>;
}

/** Fetches the file an operation answers (CSV, XLSX, images) with the session's credentials. */
export async function downloadOperation<O extends AnyOperation>(
  operation: O & Answers<O, 'file'>,
  ...[call]: CallArgs<O>
): Promise<DownloadedFile> {
  return (await send(operation, (call ?? {}) as OperationCall<AnyOperation>, true)) as DownloadedFile;
}

/** The address of an operation the browser itself goes to (a redirect such as the start of SSO). */
export function operationUrl<O extends AnyOperation>(
  operation: O & Answers<O, 'redirect'>,
  ...[call]: CallArgs<O>
): string {
  const { params, query } = (call ?? {}) as OperationCall<AnyOperation>;
  return buildUrl(operationPath(operation, params), query as Record<string, QueryValue> | undefined);
}
