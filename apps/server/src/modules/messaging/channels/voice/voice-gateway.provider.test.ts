import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../../../../platform/outbound-http.js';
import type { ProviderRuntime } from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import { createVoiceGatewayProviderType, VoiceGatewaySettingsSchema } from './voice-gateway.provider.js';
import { parseVoiceScript, validateVoiceScript } from './voice-script.js';

const TOKEN = 'gw-auth-token-Secret-42';

/** A local gateway with the REST shape of the common voice APIs: basic auth, `POST /calls` → `{ sid }`. */
function startGateway() {
  const calls: Record<string, unknown>[] = [];
  let sid = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Basic ${Buffer.from(`AC1:${TOKEN}`).toString('base64')}`)
        return answer(401, { code: 20003, message: 'Authenticate' });
      if (request.method === 'GET' && request.url === '/account')
        return answer(200, { sid: 'AC1', status: 'active' });
      if (request.method !== 'POST' || request.url !== '/calls') return answer(404, { message: 'Not found' });
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      calls.push(body);
      if (body.to === '6281100000001')
        return answer(400, { code: 21211, message: "The 'To' number is not valid" });
      if (body.to === '6281100000002') return answer(503, { code: 20503, message: 'Service unavailable' });
      sid += 1;
      return answer(201, { sid: `CA${String(sid).padStart(32, '0')}`, status: 'queued' });
    });
  });
  return {
    calls,
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

function capturingRuntime() {
  const lines: string[] = [];
  const observed: string[] = [];
  const log = (level: string) => (object: object, message: string) => {
    lines.push(JSON.stringify({ level, ...object, msg: message }));
  };
  const runtime: ProviderRuntime = {
    clientId: 'client-a',
    providerId: 'provider-voice-1',
    log: { info: log('info'), warn: log('warn'), error: log('error') },
    observe: (outcome) => observed.push(outcome),
  };
  return { runtime, lines, observed };
}

const call = (to: string, extra: object = {}) => ({
  clientId: 'client-a',
  from: 'ignored',
  to,
  script: null,
  recordingFileId: null,
  language: null,
  idempotencyKey: `key-${to}`,
  ...extra,
});

describe('voice gateway provider against a local gateway', () => {
  const gateway = startGateway();
  const type = createVoiceGatewayProviderType({
    outbound: createOutboundHttp({ allowPrivateNetworks: true }),
  });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await gateway.listen();
  });
  beforeEach(() => {
    gateway.calls.length = 0;
  });
  afterAll(() => gateway.close());
  const config = (token = TOKEN) => ({
    settings: VoiceGatewaySettingsSchema.parse({
      baseUrl,
      accountId: 'AC1',
      callerId: '622150001111',
      minimumSeconds: 6,
      incrementSeconds: 6,
      timeoutMs: 2_000,
    }),
    secrets: { authToken: token },
  });

  it('places a TTS call asking for a key, with the signed callback carrying the 6/6 tariff', async () => {
    const { runtime, observed } = capturingRuntime();
    const provider = type.create(config(), runtime);
    const { callSid } = await provider.createCall(
      call('6281234567890', {
        script: 'Hello Ana, your bill is due.  Press 1 to confirm. [dtmf]',
        language: 'id-ID',
        statusCallbackUrlFor: (tariff: { minimumSeconds: number; incrementSeconds: number }) =>
          `https://portal.example.com/cb?min=${tariff.minimumSeconds}&inc=${tariff.incrementSeconds}`,
      }),
    );
    expect(callSid).toMatch(/^CA\d{32}$/);
    expect(gateway.calls[0]).toEqual({
      to: '6281234567890',
      from: '622150001111',
      say: { text: 'Hello Ana, your bill is due. Press 1 to confirm.', language: 'id-ID' },
      gather: { numDigits: 1, timeoutSeconds: 10 },
      statusCallback: 'https://portal.example.com/cb?min=6&inc=6',
      statusCallbackEvents: ['ringing', 'answered', 'completed'],
      idempotencyKey: 'key-6281234567890',
    });
    expect(observed).toEqual(['ok']);
  });

  it('plays a recording by its URL, and refuses a recording without one for good', async () => {
    const { runtime } = capturingRuntime();
    const provider = type.create(config(), runtime);
    await provider.createCall(
      call('6281234567891', { recordingFileId: 'f1', recordingUrl: 'https://files.example/r.mp3' }),
    );
    expect(gateway.calls[0]).toMatchObject({ play: { url: 'https://files.example/r.mp3' } });
    expect(gateway.calls[0]).not.toHaveProperty('say');
    const missing = await provider
      .createCall(call('6281234567891', { recordingFileId: 'f1' }))
      .catch((e) => e);
    expect(missing).toMatchObject({ code: 'recording_not_reachable', retryable: false });
  });

  it('maps refusals: an invalid number for good, an outage and a wrong token for later; no token in logs', async () => {
    const { runtime, lines, observed } = capturingRuntime();
    const provider = type.create(config(), runtime);
    const invalid = await provider.createCall(call('6281100000001', { script: 'Hi' })).catch((e) => e);
    expect(invalid).toBeInstanceOf(ProviderRefusal);
    expect(invalid).toMatchObject({ retryable: false, providerCode: '21211' });
    const outage = await provider.createCall(call('6281100000002', { script: 'Hi' })).catch((e) => e);
    expect(outage).toMatchObject({ retryable: true, providerCode: '20503' });
    const wrong = type.create(config('wrong-Token-77'), runtime);
    const unauthorized = await wrong.createCall(call('6281234567890', { script: 'Hi' })).catch((e) => e);
    expect(unauthorized).toMatchObject({ code: 'provider_auth_failed', retryable: true });
    expect(observed).toEqual(['refused', 'retryable', 'retryable']);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('wrong-Token-77');
      expect(line).not.toContain(Buffer.from(`AC1:${TOKEN}`).toString('base64'));
    }
  });

  it('tests the connection: reached and logged in, or which step failed', async () => {
    expect((await type.testConnection(config())).ok).toBe(true);
    const wrong = await type.testConnection(config('nope'));
    expect(wrong).toMatchObject({
      ok: false,
      steps: [
        { step: 'connect', ok: true },
        { step: 'login', ok: false },
      ],
    });
    const away = await type.testConnection({
      ...config(),
      settings: { ...config().settings, baseUrl: 'http://127.0.0.1:1' },
    });
    expect(away).toMatchObject({ ok: false, steps: [{ step: 'connect', ok: false }] });
  });
});

describe('voice script validation', () => {
  it('reports unknown parameters, unknown directives and characters a voice cannot speak', () => {
    const issues = validateVoiceScript(
      'Hi {{name}}, pay {{amount}} by {{dueDate}} 😀 <b>now</b> [record] [dtmf:2]',
      ['name', 'amount'],
    );
    expect(issues.map((issue) => issue.kind)).toEqual([
      'unknown_parameter',
      'unknown_directive',
      'unsupported_character',
      'unsupported_character',
      'unsupported_character',
      'unsupported_character',
      'unsupported_character',
    ]);
    expect(issues[0]!.message).toBe('{{dueDate}} is not a parameter of this campaign (known: name, amount).');
    expect(issues[2]).toMatchObject({ character: '😀', message: expect.stringContaining('U+1F600') });
  });

  it('passes a clean script, in any language, and finds its key request', () => {
    expect(
      validateVoiceScript('Halo {{nama}}, tagihan Anda Rp 150.000 jatuh tempo. Tekan 1. [dtmf]', ['nama']),
    ).toEqual([]);
    expect(validateVoiceScript('Xin chào, số dư: 25%', [])).toEqual([]);
    expect(validateVoiceScript('[dtmf] and [dtmf]', [])).toEqual([
      { kind: 'too_many_dtmf', message: 'A script can ask for keys once.' },
    ]);
    expect(parseVoiceScript('Press your 4-digit PIN [dtmf:4]')).toEqual({
      text: 'Press your 4-digit PIN',
      dtmfDigits: 4,
    });
    expect(parseVoiceScript('No answer needed.')).toEqual({ text: 'No answer needed.', dtmfDigits: null });
  });
});
