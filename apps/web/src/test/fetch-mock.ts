import { createHmac } from 'node:crypto';
import { integrityPayload } from '@sapa/contracts';
import { vi } from 'vitest';

/** One request as the browser would have sent it. */
export type SentRequest = {
  path: string;
  method: string;
  headers: Headers;
  body: unknown;
};

export type FetchHandler = (request: SentRequest) => Response | Promise<Response>;

/** Replaces the browser's `fetch` (the boundary of the web app) and records every request. */
export function mockFetch(handler: FetchHandler) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      path: `${url.pathname}${url.search}`,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body instanceof FormData ? init.body : text === undefined ? undefined : JSON.parse(text),
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse(status, { error: { code, message } });
}

/** Signs a body the way the server does (spec §5), with Node's own HMAC as an independent reference. */
export function signBody<T extends Record<string, unknown>>(
  body: T,
  integrityKey: string,
): T & { hash: string } {
  const hash = createHmac('sha256', integrityKey).update(integrityPayload(body)).digest('hex');
  return { ...body, hash };
}

/** A promise with its resolve handle, to hold a response back until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
