import { type Session, SessionSchema } from '@sapa/contracts/identity';
import { INTEGRITY_FAILURE_MESSAGE } from '@sapa/contracts/integrity';
import { TRIAL_EXPIRED_CODE } from '@sapa/contracts/subscriptions';
import type { ApiMetricBatch } from '@sapa/contracts/usage';
import { findSession, useSessionStore } from '../session';
import { reportTrialExpired } from './access-events';
import { ApiError, apiErrorFromBody, HTTP_ERROR, INTEGRITY_ERROR, NETWORK_ERROR } from './api-error';
import { API_METRICS_PATH, createApiMetricsBatcher } from './api-metrics';
import { type DownloadedFile, readDownload } from './download';
import { CSRF_HEADER, REFRESH_PATH } from './http-constants';
import { isResponseTrusted } from './response-integrity';
import { expireSession } from './session-expiry';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export type HttpOptions = {
  method?: HttpMethod;
  /** Sent as JSON; a `FormData` goes as multipart (file uploads). */
  body?: unknown;
  /** `file`: a 2xx answer is read as a downloaded file instead of JSON. */
  responseType?: 'json' | 'file';
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Calls of the login page: no bearer token, and a 401 is not intercepted (spec §8).
   */
  anonymous?: boolean;
  /** The key the response `hash` is checked with; by default the session's `integrityKey`. */
  integrityKey?: (body: Record<string, unknown>) => string | null | undefined;
  /** Record this call's timing in the API metrics; off for the tracking calls themselves. */
  track?: boolean;
  /** Let the request outlive the page (page metrics sent while the tab closes). */
  keepalive?: boolean;
};

export type { DownloadedFile };
export { CSRF_HEADER, REFRESH_PATH };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function buildUrl(path: string, query: HttpOptions['query']): string {
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
  const multipart = options.body instanceof FormData;
  // The browser sets the multipart boundary itself.
  if (options.body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const csrfToken = useSessionStore.getState().csrfToken;
  if (csrfToken) headers.set(CSRF_HEADER, csrfToken);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: multipart
        ? (options.body as FormData)
        : options.body === undefined
          ? undefined
          : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
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
  if (options.responseType === 'file' && response.ok) return (await readDownload(response)) as T;
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
  if (!response.ok) {
    const error = apiErrorFromBody(response.status, body);
    if (error.status === 403 && error.code === TRIAL_EXPIRED_CODE) reportTrialExpired();
    throw error;
  }
  return body as T;
}

/** Exchanges the refresh token for a new access token; on failure the session expires. */
async function refreshAccessToken(session: Session): Promise<boolean> {
  try {
    const response = await dispatch(
      REFRESH_PATH,
      { method: 'POST', body: { refreshToken: session.refreshToken }, track: false },
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

/** Call timings of spec §7, posted in batches; failures of the tracking call are swallowed. */
export const apiMetrics = createApiMetricsBatcher((batch: ApiMetricBatch) =>
  findSession()
    ? request(API_METRICS_PATH, { method: 'POST', body: batch, track: false })
    : Promise.resolve(),
);

function recordTiming(path: string, startedAt: number, status: number): void {
  const session = findSession();
  if (!session) return;
  apiMetrics.record({
    endpoint: path.split('?')[0] ?? path,
    role: session.role,
    duration: Math.max(0, Math.round(performance.now() - startedAt)),
    status,
    clientId: session.clientId,
  });
}

async function send<T>(path: string, options: HttpOptions, retried: boolean): Promise<T> {
  const token = options.anonymous ? null : (findSession()?.token ?? null);
  const startedAt = performance.now();
  let response: Response;
  try {
    response = await dispatch(path, options, token);
  } catch (error) {
    if (options.track !== false && error instanceof ApiError) recordTiming(path, startedAt, error.status);
    throw error;
  }
  if (options.track !== false) recordTiming(path, startedAt, response.status);
  if (response.status === 401 && token && !retried && (await renewSession(token))) {
    return send<T>(path, options, true);
  }
  return readResponse<T>(response, options);
}

/** The one way the web talks to the API: bearer, CSRF, integrity check, and the 401 refresh queue. */
export function request<T = unknown>(path: string, options: HttpOptions = {}): Promise<T> {
  return send<T>(path, options, false);
}

type BodylessOptions = Omit<HttpOptions, 'method' | 'body' | 'responseType'>;

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
  /** Sends files (and fields) as multipart form data. */
  upload: <T = unknown>(path: string, form: FormData, options?: BodylessOptions & { method?: HttpMethod }) =>
    request<T>(path, { method: 'POST', ...options, body: form }),
  /** Fetches a file the API serves (CSV, XLSX, images) with the session's credentials. */
  download: (path: string, options?: BodylessOptions & { method?: HttpMethod; body?: unknown }) =>
    request<DownloadedFile>(path, { method: 'GET', ...options, responseType: 'file' }),
};
