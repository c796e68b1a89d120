import { PassThrough, type Readable } from 'node:stream';
import {
  type AnswerKind,
  type AnyOperation,
  ErrorBodySchema,
  type OperationBody,
  type OperationHeaders,
  type OperationParams,
  type OperationQuery,
  type OperationResponse,
  type OperationUploadFields,
} from '@sapa/contracts';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';
import { fileRequired } from './http-io.js';
import { invalidText, isUnsafeText } from './text-guard.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

export type OperationRequest<O extends AnyOperation> = FastifyRequest<{
  Params: OperationParams<O>;
  Querystring: OperationQuery<O>;
  Body: OperationBody<O>;
  // Without a headers schema the request keeps Node's header type.
  Headers: [OperationHeaders<O>] extends [undefined] ? unknown : OperationHeaders<O>;
}>;

/** What a handler returns: the JSON body, or (for a file or a redirect) the reply it sent. */
type HandlerResult<O extends AnyOperation> =
  AnswerKind<O> extends 'json' ? OperationResponse<O> : FastifyReply;

export type OperationHandler<O extends AnyOperation> = (
  request: OperationRequest<O>,
  reply: FastifyReply,
) => Promise<HandlerResult<O>> | HandlerResult<O>;

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
  const response: Record<number, unknown> = {};
  // A file or a redirect has no JSON body to validate or document.
  if (operation.response) response[operation.status ?? 200] = operation.response;
  for (const status of operation.errors ?? []) response[status] = ErrorBodySchema;
  const status = operation.status;
  app.route({
    method: operation.method,
    url: operation.path,
    config: { ...options.config, access: operation.access },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    schema: {
      tags: [...operation.tags],
      summary: operation.summary,
      // A public operation has no session to carry, so OpenAPI lists no bearer for it; the public API
      // carries the client's API secret instead of a session.
      ...(operation.access.kind === 'public'
        ? {}
        : { security: [operation.access.kind === 'apiKey' ? { apiSecret: [] } : { bearer: [] }] }),
      ...(operation.upload ? { consumes: ['multipart/form-data'] } : {}),
      ...(operation.params ? { params: operation.params } : {}),
      ...(operation.query ? { querystring: operation.query } : {}),
      ...(operation.headers ? { headers: operation.headers } : {}),
      ...(operation.body ? { body: operation.body } : {}),
      // A file answer without error statuses documents no response at all, as its routes always did.
      ...(Object.keys(response).length > 0 ? { response } : {}),
    },
    // The schemas above are the operation's own, so the request and reply types the handler was written
    // against are the ones Fastify validates; only TypeScript cannot follow the generic through route().
    handler: (status === undefined
      ? handler
      : async (request: OperationRequest<O>, reply: FastifyReply) => {
          reply.status(status);
          return handler(request, reply);
        }) as never,
  });
}

export type OperationUploadRead<O extends AnyOperation> = {
  bytes: Buffer;
  /** The name the sender gave the file, if any. */
  fileName: string | null;
  fields: OperationUploadFields<O>;
};

/**
 * Reads the one file of an upload operation and the text fields sent before it, checked like any other
 * input: a missing file, a field the schema refuses or unsafe text is a 400, a file over the operation's
 * `maxBytes` a 413 (`tooLarge` lets an operation name its own).
 */
export async function readOperationUpload<O extends AnyOperation>(
  request: FastifyRequest,
  operation: O,
  tooLarge: (maxBytes: number) => AppError = fileTooLarge,
): Promise<OperationUploadRead<O>> {
  const upload = operation.upload;
  if (!upload) throw new Error(`${operation.method} ${operation.path} declares no upload`);
  if (!request.isMultipart()) throw fileRequired();
  const file = await request.file({ limits: { fileSize: upload.maxBytes, files: 1 } });
  if (!file || file.fieldname !== upload.field) throw fileRequired();
  const bytes = await file.toBuffer().catch((error: unknown) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(upload.maxBytes);
    throw error;
  });
  if (!upload.fields) return { bytes, fileName: file.filename || null, fields: undefined as never };
  // Fields sent before the file arrive with it. Multipart fields pass the global text guard (it reads
  // JSON bodies only), so they are checked here.
  const checked = checkedFields(upload.fields, file.fields);
  return { bytes, fileName: file.filename || null, fields: checked as OperationUploadFields<O> };
}

export type OperationUploadStream<O extends AnyOperation> = {
  /** The file's bytes as they arrive; it fails with 413 once past the operation's `maxBytes`. */
  stream: Readable;
  fileName: string | null;
  fields: OperationUploadFields<O>;
};

/**
 * Like `readOperationUpload`, for files too large to hold in memory (notification lists): the file is
 * handed over as a stream, to be stored as it arrives. The caller must consume it before answering.
 */
export async function openOperationUpload<O extends AnyOperation>(
  request: FastifyRequest,
  operation: O,
): Promise<OperationUploadStream<O>> {
  const upload = operation.upload;
  if (!upload) throw new Error(`${operation.method} ${operation.path} declares no upload`);
  if (!request.isMultipart()) throw fileRequired();
  const file = await request.file({ limits: { fileSize: upload.maxBytes, files: 1 } });
  if (!file || file.fieldname !== upload.field) {
    file?.file.resume();
    throw fileRequired();
  }
  const fields = upload.fields ? checkedFields(upload.fields, file.fields) : undefined;
  const stream = new PassThrough();
  file.file.on('limit', () => stream.destroy(fileTooLarge(upload.maxBytes)));
  file.file.on('error', (error: unknown) =>
    stream.destroy(
      (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ? fileTooLarge(upload.maxBytes)
        : (error as Error),
    ),
  );
  file.file.pipe(stream);
  return { stream, fileName: file.filename || null, fields: fields as OperationUploadFields<O> };
}

/** The text fields sent before the file, checked by the operation's schema and the text guard. */
function checkedFields(schema: NonNullable<NonNullable<AnyOperation['upload']>['fields']>, parts: unknown) {
  const values: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const part = (parts as Record<string, unknown>)[name];
    const value = (Array.isArray(part) ? part[0] : part) as { type?: string; value?: unknown } | undefined;
    if (value?.type !== 'field') continue;
    const text = String(value.value);
    if (isUnsafeText(text)) throw invalidText(name);
    values[name] = text;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(400, 'validation_failed', `${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'file_too_large', `The file is larger than ${Math.round(maxBytes / 1024)} KB`);
