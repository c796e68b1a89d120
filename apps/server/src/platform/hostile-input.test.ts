import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../test/test-app.js';

/** Every error answer is `{ error: { code, message } }` (ARCHITECTURE §6). */
function expectErrorShape(response: LightMyRequestResponse, status: number, code?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<{ error: { code: unknown; message: unknown } }>();
  expect(typeof body.error?.code).toBe('string');
  expect(typeof body.error?.message).toBe('string');
  if (code) expect(body.error.code).toBe(code);
}

describe('hostile input', () => {
  let sapa: TestApp;
  let sad: LoggedIn;
  let adc: LoggedIn;

  beforeAll(async () => {
    sapa = await createTestApp();
    sad = await logIn(sapa.app, 'sad@demo.test');
    adc = await logIn(sapa.app, 'adc@demo.test');
  });
  afterAll(async () => sapa?.close());

  const get = (url: string, who: LoggedIn = adc) =>
    sapa.app.inject({ method: 'GET', url, headers: who.headers });

  it('refuses NUL bytes and lone surrogates in a query string, a path parameter or a JSON body', async () => {
    expectErrorShape(await get('/api/users?q=%00'), 400, 'invalid_text');
    expectErrorShape(await get(`/api/users/${encodeURIComponent('\u0000')}`), 400, 'invalid_text');
    const body = (payload: unknown) =>
      sapa.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...adc.headers, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const nul = await body({ name: 'A\u0000B', email: 'nul@example.com', role: 'USC' });
    expectErrorShape(nul, 400, 'invalid_text');
    expect(nul.json().error.message).toContain('body.name');
    expectErrorShape(
      await body({ name: 'Lone \ud800', email: 'x@example.com', role: 'USC' }),
      400,
      'invalid_text',
    );
    expectErrorShape(
      await body({ name: 'Lone \udc00 low', email: 'x@example.com', role: 'USC' }),
      400,
      'invalid_text',
    );
    // 5,000 levels deep: written as text, too deep for this side's JSON.stringify.
    const deep = `${'{"a":['.repeat(2500)}"\\u0000"${']}'.repeat(2500)}`;
    expectErrorShape(
      await body(`{"name":"Deep","email":"x@example.com","role":"USC","deep":${deep}}`),
      400,
      'invalid_text',
    );
    const exportRequest = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/exportChatroomHistory',
      headers: adc.headers,
      payload: { remarks: 'x\u0000' },
    });
    expectErrorShape(exportRequest, 400, 'invalid_text');
    // Paired surrogates (emoji) are ordinary text.
    const emoji = await body({ name: 'Ana 😀', email: 'emoji@example.com', role: 'USC' });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect((await sapa.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('lets the WhatsApp webhook receive text with NUL bytes (it sanitises instead of refusing)', async () => {
    const response = await sapa.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: JSON.stringify({ object: 'whatsapp_business_account', entry: [{ text: 'a\u0000b\ud800' }] }),
    });
    expect(errorCode(response)).not.toBe('invalid_text');
  });

  it('answers framework errors with the error shape', async () => {
    expectErrorShape(await get('/api/users/%E0%A4%A'), 400, 'bad_url');
    expectErrorShape(await get(`/api/users/${'a'.repeat(500)}`), 414, 'path_too_long');
    expectErrorShape(
      await sapa.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...adc.headers, 'content-type': 'application/x-unknown' },
        payload: 'x',
      }),
      415,
      'unsupported_media_type',
    );
    expectErrorShape(
      await sapa.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...adc.headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      413,
      'body_too_large',
    );
    expectErrorShape(
      await sapa.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...adc.headers, 'content-type': 'application/json' },
        payload: '{"name":',
      }),
      400,
      'malformed_json',
    );
    expectErrorShape(
      await sapa.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { ...adc.headers, 'content-type': 'application/json' },
        payload: '{"__proto__":{"x":1}}',
      }),
      400,
    );
  });

  it('answers malformed ids and out-of-range numbers with 4xx, never 500', async () => {
    const spv = await logIn(sapa.app, 'adc@demo.test');
    expectErrorShape(await get('/api/cs/customerService/listCustomer?csId=not-a-uuid', spv), 400);
    expectErrorShape(await get('/api/cs/configuration?clientId=not-a-uuid', sad), 404, 'client_not_found');
    expectErrorShape(
      await sapa.app.inject({
        method: 'PUT',
        url: '/api/users/ownClientId',
        headers: sad.headers,
        payload: { clientId: 'not-a-uuid' },
      }),
      404,
      'client_not_found',
    );
    for (const url of [
      '/api/cs/chatRoom/history?shortId=99999999999999999999',
      '/api/cs/chatRoom/history/export?shortId=99999999999999999999',
    ]) {
      const response = await get(url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
    expectErrorShape(await get('/api/audit-trail?pageSize=99999999999999999999'), 400, 'validation_failed');
  });
});
