import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../../../../platform/outbound-http.js';
import { deriveKeys } from '../../../../platform/secrets.js';
import { QUICK_SANDBOX } from '../../../../test/sandbox-channels.js';
import { createTestApp, errorCode, logIn, TEST_SECRET, type TestApp } from '../../../../test/test-app.js';
import { createVoiceChannel } from './voice.channel.js';
import { voiceCallbackUrl, withVoiceCallbacks } from './voice-callbacks.js';
import { createVoiceGatewayProviderType, VoiceGatewaySettingsSchema } from './voice-gateway.provider.js';

const PUBLIC_URL = 'https://portal.example.com';

/**
 * A local gateway that places calls and reports them as a carrier does: ringing, then answered (8 s,
 * key 1 pressed) or busy, posted to the call's status URL. Our public URL is reached through this
 * test's listening port, as a proxy in front of the portal would.
 */
function startGateway(appOrigin: () => string) {
  const callbacks: string[] = [];
  let sid = 0;
  // Like carriers, a callback that is not taken (the call's send not committed yet) is posted again.
  const post = async (url: string, body: object) => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetch(url.replace(PUBLIC_URL, appOrigin()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = { status: response.status, body: await response.text() };
      if (answer.status === 200 || attempt === 10) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const results: Promise<{ status: number; body: string }>[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString()) as { to: string; statusCallback: string };
      sid += 1;
      const CallSid = `CA${String(sid).padStart(32, '0')}`;
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: CallSid, status: 'queued' }));
      callbacks.push(call.statusCallback);
      const busy = call.to.endsWith('9');
      results.push(
        (async () => {
          await post(call.statusCallback, { CallSid, CallStatus: 'ringing' });
          return busy
            ? post(call.statusCallback, {
                CallSid,
                CallStatus: 'busy',
                CallDuration: '0',
                SipResponseCode: '486',
              })
            : post(call.statusCallback, { CallSid, CallStatus: 'completed', CallDuration: '8', Digits: '1' });
        })(),
      );
    });
  });
  return {
    callbacks,
    results,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('voice status callbacks from a local gateway', () => {
  const key = deriveKeys(TEST_SECRET).providerCallbacks;
  let origin = '';
  const gateway = startGateway(() => origin);
  let sapa: TestApp;
  let clientId: string;
  let otherClientId: string;

  beforeAll(async () => {
    const baseUrl = await gateway.listen();
    const type = createVoiceGatewayProviderType({
      outbound: createOutboundHttp({ allowPrivateNetworks: true }),
    });
    const provider = type.create(
      {
        settings: VoiceGatewaySettingsSchema.parse({
          baseUrl,
          accountId: 'AC1',
          callerId: '622150001111',
          minimumSeconds: 6,
          incrementSeconds: 6,
        }),
        secrets: { authToken: 'token' },
      },
      { clientId: 'any', providerId: 'p1', log: { info() {}, warn() {}, error() {} }, observe() {} },
    );
    // This channel only places calls: their reports come back through the app's callback route.
    const voice = withVoiceCallbacks(
      createVoiceChannel({ db: undefined as never, statuses: undefined as never, provider }),
      (id, callKey, tariff) => voiceCallbackUrl(key, PUBLIC_URL, { clientId: id, callKey, tariff }),
    );
    sapa = await createTestApp({ PUBLIC_URL }, { sandbox: QUICK_SANDBOX, channels: { voice } });
    origin = await sapa.app.listen({ port: 0, host: '127.0.0.1' });
    clientId = (await logIn(sapa.app, 'adc@demo.test')).session.clientId;
    otherClientId = (await logIn(sapa.app, 'adc2@demo.test')).session.clientId;
  });
  afterAll(async () => {
    await sapa?.close();
    await gateway.close();
  });

  const place = async (recipient: string, key: string) => {
    const queued = await sapa.messaging.sendMessage(clientId, {
      channel: 'voice',
      recipient,
      content: { kind: 'voice', script: 'Your bill is due. Press 1 to confirm. [dtmf]', language: 'id-ID' },
      source: 'test',
      idempotencyKey: key,
    });
    await sapa.messaging.settle();
    return queued.id;
  };

  it('records an answered call with its duration, the 6/6 charge and the key pressed; a busy one charged nothing', async () => {
    const answered = await place('081233332000', 'cb-answered');
    const busy = await place('081233332009', 'cb-busy');
    const results = await Promise.all(gateway.results);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const call = await sapa.messaging.getOutbound(clientId, answered);
    expect(call).toMatchObject({
      status: 'delivered',
      details: { call: { outcome: 'answered', durationSeconds: 8, chargedSeconds: 12, dtmf: '1' } },
    });
    expect(await sapa.messaging.getOutbound(clientId, busy)).toMatchObject({
      status: 'failed',
      details: { call: { outcome: 'busy', durationSeconds: 0, chargedSeconds: 0 } },
    });
    expect(gateway.callbacks[0]).toMatch(
      new RegExp(`^${PUBLIC_URL}/webhooks/voice/status/${clientId}/[^?]+\\?min=6&inc=6&sig=[\\w-]{43}$`),
    );
  });

  it('answers 404 to a status URL altered to another client, another call or another tariff', async () => {
    const url = new URL(gateway.callbacks[0]!);
    const path = url.pathname;
    const variants = [
      `${path.replace(clientId, otherClientId)}${url.search}`,
      `${path}x${url.search}`,
      `${path}${url.search.replace('inc=6', 'inc=60')}`,
      `${path}?min=6&inc=6&sig=${'A'.repeat(43)}`,
    ];
    for (const target of variants) {
      const response = await sapa.app.inject({
        method: 'POST',
        url: target,
        payload: { CallSid: 'CA1', CallStatus: 'completed', CallDuration: '600' },
      });
      expect(response.statusCode, target).toBe(404);
      expect(errorCode(response)).toBe('call_not_found');
    }
    const hostile = await sapa.app.inject({
      method: 'POST',
      url: `${path}${url.search}`,
      payload: { CallSid: 'CA1', CallStatus: 'exploded', CallDuration: { $gt: 1 } },
    });
    expect(hostile.statusCode).toBe(400);
  });
});
