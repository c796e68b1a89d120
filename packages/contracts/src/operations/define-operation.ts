import type { z } from 'zod';
import type { AccessRule } from '../access/access-rule.js';

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Statuses an operation answers with the error body of ARCHITECTURE §6. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 423 | 429 | 503;

/**
 * A request that carries one file as multipart form data (imports, images). `fields` are the text
 * parts sent before the file; the server reads them with the file and checks them with this schema.
 */
export type OperationUpload<Fields extends z.ZodObject | undefined = z.ZodObject | undefined> = {
  /** The form part holding the file. */
  field: string;
  maxBytes: number;
  fields?: Fields;
};

/** A success that is not JSON: a file to save (CSV, XLSX, images) or a redirect of the browser. */
export type OperationAnswer = { kind: 'file'; contentType: string } | { kind: 'redirect' };

/**
 * One HTTP operation, declared once: the server registers its route from it and the web builds its
 * fetcher from it, so the path, the access rule and the schemas cannot drift apart.
 */
export type Operation<
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | undefined = z.ZodType | undefined,
  Upload extends OperationUpload | undefined = OperationUpload | undefined,
  Answer extends OperationAnswer | undefined = OperationAnswer | undefined,
  Headers extends z.ZodObject | undefined = z.ZodObject | undefined,
> = {
  method: OperationMethod;
  /** Fastify's form: `/api/roles/:roleCode/rights`; every `:name` is a key of `params`. */
  path: string;
  access: AccessRule;
  /** OpenAPI: one line saying what the operation does, and the group it is listed under. */
  summary: string;
  tags: readonly string[];
  params?: Params;
  query?: Query;
  /** Request headers the operation reads (a webhook's signature); most read none. */
  headers?: Headers;
  /** A JSON body; an operation with `upload` sends multipart form data instead. */
  body?: Body;
  upload?: Upload;
  /** The JSON success body; an operation with `answer` answers a file or a redirect instead. */
  response?: Response;
  answer?: Answer;
  /** The success status when it is not 200. */
  status?: 200 | 201 | 202;
  /** The error statuses the operation documents (each answers the error body). */
  errors?: readonly ErrorStatus[];
};

/** Any operation, whatever its schemas. */
// biome-ignore lint/suspicious/noExplicitAny: the widest operation, for helpers that accept every one.
export type AnyOperation = Operation<any, any, any, any, any, any, any>;

// An optional descriptor field reads as `Schema | undefined`; a declared schema is what is left.
type Declared<S> = Exclude<S, undefined>;
type Has<S> = [Declared<S>] extends [never] ? false : [Declared<S>] extends [z.ZodType] ? true : false;
type InputOf<S> = Has<S> extends true ? z.input<Declared<S> & z.ZodType> : undefined;
type OutputOf<S> = Has<S> extends true ? z.output<Declared<S> & z.ZodType> : undefined;
/** A file to upload as the browser holds it (a `Blob` or `File`); contracts do not depend on the DOM. */
export type FileLike = { readonly size: number; readonly type: string; arrayBuffer(): Promise<ArrayBuffer> };
type UploadFieldsOf<U> = U extends { fields: infer F } ? InputOf<F> : undefined;

/** What a success answers: `json` (the response schema), `file` or `redirect`. */
export type AnswerKind<O extends AnyOperation> = [Declared<O['answer']>] extends [never]
  ? 'json'
  : Declared<O['answer']>['kind'];
/**
 * `unknown` when the operation answers `kind`, else a type no value has: a parameter typed
 * `O & Answers<O, 'file'>` accepts only operations that answer a file.
 */
export type Answers<O extends AnyOperation, Kind extends 'json' | 'file' | 'redirect'> =
  AnswerKind<O> extends Kind ? unknown : { answers: Kind };

export type OperationParams<O extends AnyOperation> = OutputOf<O['params']>;
export type OperationQuery<O extends AnyOperation> = OutputOf<O['query']>;
export type OperationHeaders<O extends AnyOperation> = OutputOf<O['headers']>;
export type OperationBody<O extends AnyOperation> = OutputOf<O['body']>;
export type OperationResponse<O extends AnyOperation> = OutputOf<O['response']>;
export type OperationUploadFields<O extends AnyOperation> =
  Declared<O['upload']> extends { fields: infer F } ? OutputOf<F> : undefined;

/** What a caller sends: the path parameters, the query and the body (or the file) each operation declares. */
export type OperationInput<O extends AnyOperation> = (Has<O['params']> extends true
  ? { params: InputOf<O['params']> }
  : { params?: undefined }) &
  (Has<O['query']> extends true
    ? // A query whose every field is optional may be left out.
      object extends InputOf<O['query']>
      ? { query?: InputOf<O['query']> }
      : { query: InputOf<O['query']> }
    : { query?: undefined }) &
  (Has<O['body']> extends true ? { body: InputOf<O['body']> } : { body?: undefined }) &
  ([Declared<O['upload']>] extends [never]
    ? { file?: undefined; fields?: undefined }
    : UploadFieldsOf<Declared<O['upload']>> extends undefined
      ? { file: FileLike; fileName?: string; fields?: undefined }
      : { file: FileLike; fileName?: string; fields: UploadFieldsOf<Declared<O['upload']>> });

const PATH_PARAM = /:([A-Za-z0-9_]+)/g;

/** The `:name` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] as string);
}

/**
 * Declares an operation. Throws at load time when the path's `:names` and the params schema disagree,
 * so a typo cannot produce a route that never matches or a fetcher that leaves `:id` in the URL; and when
 * it declares both or neither of a JSON response and another answer, or both a JSON body and an upload.
 */
export function defineOperation<
  const Params extends z.ZodObject | undefined = undefined,
  const Query extends z.ZodType | undefined = undefined,
  const Body extends z.ZodType | undefined = undefined,
  const Response extends z.ZodType | undefined = undefined,
  const Upload extends OperationUpload | undefined = undefined,
  const Answer extends OperationAnswer | undefined = undefined,
  const Headers extends z.ZodObject | undefined = undefined,
>(
  operation: Operation<Params, Query, Body, Response, Upload, Answer, Headers>,
): Operation<Params, Query, Body, Response, Upload, Answer, Headers> {
  const name = `${operation.method} ${operation.path}`;
  const inPath = pathParamNames(operation.path).sort();
  const declared = Object.keys(operation.params?.shape ?? {}).sort();
  if (inPath.join() !== declared.join()) {
    throw new Error(`${name}: path parameters [${inPath}] differ from params [${declared}]`);
  }
  if ((operation.response === undefined) === (operation.answer === undefined)) {
    throw new Error(`${name}: declare exactly one of response (JSON) and answer (file or redirect)`);
  }
  if (operation.body !== undefined && operation.upload !== undefined) {
    throw new Error(`${name}: a body is JSON or an upload, not both`);
  }
  return operation;
}

/** The URL of an operation with its path parameters filled in (each one encoded). */
export function operationPath(operation: AnyOperation, params?: Record<string, unknown>): string {
  return operation.path.replace(PATH_PARAM, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) {
      throw new Error(`${operation.method} ${operation.path}: missing path parameter ${name}`);
    }
    return encodeURIComponent(String(value));
  });
}
