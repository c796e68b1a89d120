import { INTEGRITY_FAILURE_MESSAGE, type Session, SessionSchema } from '@sapa/contracts';
import { findSession, useSessionStore } from '../session';
import { ApiError, apiErrorFromBody, HTTP_ERROR, INTEGRITY_ERROR, NETWORK_ERROR } from './api-error';
import { isResponseTrusted } from './response-integrity';
import { expireSession } from './session-expiry';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export type HttpOptions = {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Calls of the login page: no bearer token, and a 401 is not intercepted (spec §8).
   */
  anonymous?: boolean;
  /** The key the response `hash` is checked with; by default the session's `integrityKey`. */
  integrityKey?: (body: Record<string, unknown>) => string | null | undefined;
};

export const CSRF_HEADER = 'x-csrf-token';
export const REFRESH_PATH = '/api/auth/refreshAccessToken';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function buildUrl(path: string, query: HttpOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

/** Sends one request with the bearer token and CSRF token, and keeps any CSRF token the server answers. */
async function dispatch(path: string, options: HttpOptions, token: string | null): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const csrfToken = useSessionStore.getState().csrfToken;
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, 'The server could not be reached');
  }
  const nextCsrfToken = response.headers.get(CSRF_HEADER);
  if (nextCsrfToken) useSessionStore.getState().setCsrfToken(nextCsrfToken);
  return response;
}

/** Parses the body, checks its integrity hash, and throws an {@link ApiError} for a non-2xx status. */
async function readResponse<T>(response: Response, options: HttpOptions): Promise<T> {
  const text = await response.text();
  let body: unknown;
  if (text) {
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    try {
      body = isJson ? JSON.parse(text) : text;
    } catch {
      throw new ApiError(response.status, HTTP_ERROR, 'The server answered with malformed JSON');
    }
  }
  if (isRecord(body) && typeof body.hash === 'string') {
    const key = options.integrityKey ? options.integrityKey(body) : findSession()?.integrityKey;
    if (key && !(await isResponseTrusted(body, key))) {
      throw new ApiError(response.status, INTEGRITY_ERROR, INTEGRITY_FAILURE_MESSAGE);
    }
  }
  if (!response.ok) throw apiErrorFromBody(response.status, body);
  return body as T;
}

/** Exchanges the refresh token for a new access token; on failure the session expires. */
async function refreshAccessToken(session: Session): Promise<boolean> {
  try {
    const response = await dispatch(
      REFRESH_PATH,
      { method: 'POST', body: { refreshToken: session.refreshToken } },
      session.token,
    );
    const body = await readResponse<unknown>(response, {
      integrityKey: (answer) =>
        typeof answer.integrityKey === 'string' ? answer.integrityKey : session.integrityKey,
    });
    const fields = SessionSchema.partial().parse(body);
    if (!fields.token) throw new ApiError(response.status, HTTP_ERROR, 'The refresh answered no token');
    useSessionStore.getState().updateSession(fields);
    return true;
  } catch {
    expireSession();
    return false;
  }
}

let pendingRefresh: Promise<boolean> | null = null;

/**
 * Makes the session usable again after a 401 of a request sent with `staleToken`: every request that
 * fails meanwhile waits for the same single refresh (spec §4). Resolves whether to replay the request.
 */
function renewSession(staleToken: string): Promise<boolean> {
  const session = findSession();
  if (!session) return Promise.resolve(false);
  // Another request already refreshed the token after this one was sent: just replay it.
  if (!pendingRefresh && session.token !== staleToken) return Promise.resolve(true);
  pendingRefresh ??= refreshAccessToken(session).finally(() => {
    pendingRefresh = null;
  });
  return pendingRefresh;
}

async function send<T>(path: string, options: HttpOptions, retried: boolean): Promise<T> {
  const token = options.anonymous ? null : (findSession()?.token ?? null);
  const response = await dispatch(path, options, token);
  if (response.status === 401 && token && !retried && (await renewSession(token))) {
    return send<T>(path, options, true);
  }
  return readResponse<T>(response, options);
}

/** The one way the web talks to the API: bearer, CSRF, integrity check, and the 401 refresh queue. */
export function request<T = unknown>(path: string, options: HttpOptions = {}): Promise<T> {
  return send<T>(path, options, false);
}

type BodylessOptions = Omit<HttpOptions, 'method' | 'body'>;

export const http = {
  request,
  get: <T = unknown>(path: string, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
