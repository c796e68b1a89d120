import { integrityPayload } from '@sapa/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { csrfPlugin, csrfTokenFor } from './csrf.js';
import { integrityHash, integrityKeyFor, integrityPlugin, sendPreparedJson } from './integrity.js';

// Decision 0066: the per-session CSRF token, the per-session integrity key and a prepared body's hash
// are worked out once and kept; what each caller receives must stay exactly what it was before.

const csrfKey = Buffer.from('c'.repeat(32));
const integrityKey = Buffer.from('i'.repeat(32));
const PageSchema = z.object({ items: z.array(z.object({ id: z.string(), at: z.date() })) });
// One value answered to everyone, as a kept room-list page is.
const shared = {
  items: [
    { id: 'b', at: new Date(0) },
    { id: 'a', at: new Date(1_000) },
  ],
};

const app = Fastify();
beforeAll(async () => {
  app.decorateRequest('ctx', null as never);
  app.addHook('onRequest', async (request) => {
    const sessionId = request.headers['x-session'];
    request.ctx = {
      requestId: String(request.id),
      actor: typeof sessionId === 'string' ? ({ sessionId } as never) : null,
      apiKey: null,
    };
  });
  await app.register(csrfPlugin, { csrfKey });
  await app.register(integrityPlugin, { integrityKey });
  app.get('/prepared', (_request, reply) => sendPreparedJson(reply, PageSchema, shared));
  app.get('/plain', (request) => ({ says: `hello ${request.headers['x-session'] ?? ''}`, n: 1 }));
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, sessionId?: string) =>
  app.inject({ method: 'GET', url, headers: sessionId ? { 'x-session': sessionId } : {} });
const keyOf = (sessionId: string) => integrityKeyFor(integrityKey, sessionId);

describe('kept per-session keys and hashes (decision 0066)', () => {
  it('signs one prepared body for each session with that session’s own key, every time', async () => {
    for (let round = 0; round < 3; round++) {
      for (const sessionId of ['session-1', 'session-2']) {
        const response = await get('/prepared', sessionId);
        const body = response.json<Record<string, unknown>>();
        expect(body.items).toEqual([
          { id: 'b', at: new Date(0).toISOString() },
          { id: 'a', at: new Date(1_000).toISOString() },
        ]);
        expect(body.hash).toBe(integrityHash(keyOf(sessionId), body));
        expect(response.headers['x-csrf-token']).toBe(csrfTokenFor(csrfKey, sessionId));
      }
    }
    const [one, two] = await Promise.all([get('/prepared', 'session-1'), get('/prepared', 'session-2')]);
    expect(one.json().hash).not.toBe(two.json().hash);
  });

  it('signs a body built per request over its canonical JSON, and leaves callers without a session alone', async () => {
    const response = await get('/plain', 'session-3');
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ says: 'hello session-3', n: 1 });
    const expected = integrityHash(keyOf('session-3'), body);
    expect(body.hash).toBe(expected);
    // The hash covers the canonical text, not the order the body was written in.
    expect(integrityPayload({ n: 1, says: 'hello session-3' })).toBe(integrityPayload(body));
    const anonymous = await get('/plain');
    expect(anonymous.json()).toEqual({ says: 'hello ', n: 1 });
    expect(anonymous.headers['x-csrf-token']).toBeUndefined();
  });
});
