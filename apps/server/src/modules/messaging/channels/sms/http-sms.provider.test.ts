import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAll } from '../../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../../test/test-app.js';
import { signStatusBody } from './http-sms.provider.js';

const API_KEY = 'gateway-api-key-0123456789';
const CALLBACK_SECRET = 'gateway-callback-secret-0123456789';

describe('HTTP SMS gateway provider against a local gateway', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let gateway: http.Server;
  let answerWith: { status: number; body: object } = { status: 200, body: {} };
  const received: { headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  let providerId: string;
  let next = 1;

  beforeAll(async () => {
    gateway = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.method === 'POST')
          received.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) });
        const answer = answerWith.status === 200 ? { messageId: `GW-${next++}` } : answerWith.body;
        response.writeHead(request.method === 'GET' ? 405 : answerWith.status, {
          'content-type': 'application/json',
        });
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    sapa = await createTestApp(
      { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_URL: 'https://sapa.example' },
      {
        sandbox: { latencyMs: 2, reportDelayMs: 5, submitFailureRate: 0, deliveryFailureRate: 0, seed: 't' },
      },
    );
    adc = await logIn(sapa.app, 'adc@demo.test');
    const created = await sapa.app.inject({
      method: 'POST',
      url: '/api/channels/sms/providers',
      headers: adc.headers,
      payload: {
        type: 'http-sms',
        name: 'Gateway',
        settings: {
          url: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
          senderId: 'SAPA',
        },
        secrets: { apiKey: API_KEY, callbackSecret: CALLBACK_SECRET },
      },
    });
    expect(created.statusCode).toBe(201);
    providerId = created.json().provider.id;
  });
  afterAll(async () => {
    await sapa?.close();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  const send = async (key: string) => {
    const row = await sapa.messaging.sendMessage(adc.session.clientId, {
      channel: 'sms',
      recipient: '+62 812 3333 5000',
      content: { kind: 'text', text: 'Halo dari gateway' },
      source: 'test',
      idempotencyKey: key,
    });
    await settleAll(sapa);
    return sapa.messaging.getOutbound(adc.session.clientId, row.id);
  };
  const callback = (body: object, signature?: string) => {
    const raw = Buffer.from(JSON.stringify(body));
    return sapa.app.inject({
      method: 'POST',
      url: `/webhooks/sms/${adc.session.clientId}/${providerId}`,
      headers: {
        'content-type': 'application/json',
        'x-sapa-signature': signature ?? signStatusBody(CALLBACK_SECRET, raw),
      },
      payload: raw,
    });
  };

  it('posts the message as JSON with the API key and our status callback, and a signed callback delivers it', async () => {
    const sent = await send('gw-1');
    expect(sent).toMatchObject({ status: 'sent', providerMessageId: 'GW-1' });
    expect(received[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(received[0]!.body).toEqual({
      from: 'SAPA',
      to: '6281233335000',
      text: 'Halo dari gateway',
      encoding: 'GSM-7',
      reference: sent.id,
      statusCallback: `https://sapa.example/webhooks/sms/${adc.session.clientId}/${providerId}`,
    });
    expect((await callback({ messageId: 'GW-1', status: 'sent' })).statusCode).toBe(200);
    expect((await callback({ messageId: 'GW-1', status: 'delivered' })).statusCode).toBe(200);
    expect(await sapa.messaging.getOutbound(adc.session.clientId, sent.id)).toMatchObject({
      status: 'delivered',
    });
  });

  it('refuses an unsigned or wrongly signed callback (401), an unknown provider (404), and a status for no message (404)', async () => {
    expect(errorCode(await callback({ messageId: 'GW-1', status: 'failed' }, 'sha256=00'))).toBe(
      'invalid_signature',
    );
    const unknown = await sapa.app.inject({
      method: 'POST',
      url: `/webhooks/sms/${adc.session.clientId}/0190f000-0000-7000-8000-000000000000`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(errorCode(unknown)).toBe('provider_not_found');
    expect(errorCode(await callback({ messageId: 'GW-404', status: 'delivered' }))).toBe(
      'outbound_not_found',
    );
  });

  it('keeps a message queued when the gateway throttles (429) and fails it for good on a 400', async () => {
    answerWith = { status: 429, body: { error: 'slow down' } };
    expect(await send('gw-429')).toMatchObject({ status: 'queued', errorCode: 'provider_rejected' });
    answerWith = { status: 400, body: { error: 'bad number' } };
    const refused = await send('gw-400');
    expect(refused).toMatchObject({ status: 'failed', errorCode: 'provider_rejected' });
    expect(refused.errorMessage).toContain('HTTP 400');
    answerWith = { status: 200, body: {} };
    const metrics = (await sapa.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(
      'sapa_provider_requests_total{channel="sms",provider="http-sms",outcome="retryable"} 1',
    );
    expect(metrics).toContain(
      'sapa_provider_requests_total{channel="sms",provider="http-sms",outcome="refused"} 1',
    );
  });

  it('tests the connection: DNS and the gateway taking the API key', async () => {
    const tested = await sapa.app.inject({
      method: 'POST',
      url: `/api/channels/sms/providers/${providerId}/test`,
      headers: adc.headers,
    });
    expect(tested.json()).toMatchObject({
      ok: true,
      steps: [
        { step: 'DNS', ok: true, message: '127.0.0.1 is an address: nothing to resolve.' },
        { step: 'HTTP', ok: true, message: 'The gateway answered HTTP 405 and took the API key.' },
      ],
    });
    expect(tested.body).not.toContain(API_KEY);
  });
});
