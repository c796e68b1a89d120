import type { z } from 'zod';
import type { AccessRule } from '../access/access-rule.js';

export type OperationMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Statuses an operation answers with the error body of ARCHITECTURE §6. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 422 | 423 | 429 | 503;

/**
 * One HTTP operation, declared once: the server registers its route from it and the web builds its
 * fetcher from it, so the path, the access rule and the schemas cannot drift apart.
 */
export type Operation<
  Params extends z.ZodObject | undefined = z.ZodObject | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
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
  body?: Body;
  /** The success body. */
  response: Response;
  /** The success status when it is not 200. */
  status?: 200 | 201 | 202;
  /** The error statuses the operation documents (each answers the error body). */
  errors?: readonly ErrorStatus[];
};

/** Any operation, whatever its schemas. */
// biome-ignore lint/suspicious/noExplicitAny: the widest operation, for helpers that accept every one.
export type AnyOperation = Operation<any, any, any, any>;

// An optional descriptor field reads as `Schema | undefined`; a declared schema is what is left.
type Declared<S> = Exclude<S, undefined>;
type Has<S> = [Declared<S>] extends [never] ? false : [Declared<S>] extends [z.ZodType] ? true : false;
type InputOf<S> = Has<S> extends true ? z.input<Declared<S> & z.ZodType> : undefined;
type OutputOf<S> = Has<S> extends true ? z.output<Declared<S> & z.ZodType> : undefined;

export type OperationParams<O extends AnyOperation> = OutputOf<O['params']>;
export type OperationQuery<O extends AnyOperation> = OutputOf<O['query']>;
export type OperationBody<O extends AnyOperation> = OutputOf<O['body']>;
export type OperationResponse<O extends AnyOperation> = z.output<O['response']>;

/** What a caller sends: the path parameters, the query and the body each operation declares. */
export type OperationInput<O extends AnyOperation> = (Has<O['params']> extends true
  ? { params: InputOf<O['params']> }
  : { params?: undefined }) &
  (Has<O['query']> extends true
    ? // A query whose every field is optional may be left out.
      object extends InputOf<O['query']>
      ? { query?: InputOf<O['query']> }
      : { query: InputOf<O['query']> }
    : { query?: undefined }) &
  (Has<O['body']> extends true ? { body: InputOf<O['body']> } : { body?: undefined });

const PATH_PARAM = /:([A-Za-z0-9_]+)/g;

/** The `:name` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((match) => match[1] as string);
}

/**
 * Declares an operation. Throws at load time when the path's `:names` and the params schema disagree,
 * so a typo cannot produce a route that never matches or a fetcher that leaves `:id` in the URL.
 */
export function defineOperation<
  const Params extends z.ZodObject | undefined = undefined,
  const Query extends z.ZodType | undefined = undefined,
  const Body extends z.ZodType | undefined = undefined,
  const Response extends z.ZodType = z.ZodType,
>(operation: Operation<Params, Query, Body, Response>): Operation<Params, Query, Body, Response> {
  const inPath = pathParamNames(operation.path).sort();
  const declared = Object.keys(operation.params?.shape ?? {}).sort();
  if (inPath.join() !== declared.join()) {
    throw new Error(
      `${operation.method} ${operation.path}: path parameters [${inPath}] differ from params [${declared}]`,
    );
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
