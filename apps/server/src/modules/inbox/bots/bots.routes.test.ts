import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../../../platform/outbound-http.js';
import { deriveKeys } from '../../../platform/secrets.js';
import {
  createTestApp,
  errorCode,
  type LoggedIn,
  logIn,
  TEST_SECRET,
  type TestApp,
} from '../../../test/test-app.js';
import { DEMO_WHATSAPP } from '../../demo/index.js';
import { type BotDeps, runBotTurn } from './bot-engine.service.js';

/**
 * The bot administration calls (spec §7) answer another client's ids with 404 and hostile input with
 * 4xx; an external bot is a local fake NLU service speaking the signed webhook protocol of decision
 * 0035, and a bad signature either way is refused (the customer goes to the agents).
 */
const PNID = DEMO_WHATSAPP.phoneNumberId;
const SECRET = 'fake-nlu-shared-secret-0123456789';

const sign = (secret: string, body: string | Buffer) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

type Received = { signatureValid: boolean; body: { projectId: string; messages: { text: string }[] } };

/** A Kata-style NLU service: checks our signature, answers signed (or, when told, signed wrongly). */
function startFakeNlu() {
  const received: Received[] = [];
  const state = { signRepliesWith: SECRET };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const expected = Buffer.from(sign(SECRET, raw));
      const given = Buffer.from(String(request.headers['x-sapa-signature'] ?? ''));
      const signatureValid = expected.length === given.length && timingSafeEqual(expected, given);
      const body = JSON.parse(raw.toString('utf8')) as Received['body'];
      received.push({ signatureValid, body });
      if (!signatureValid) {
        response.writeHead(401).end('{"error":"bad signature"}');
        return;
      }
      const said = body.messages.map((message) => message.text).join(' ');
      const reply = JSON.stringify({
        messages: [
          { type: 'text', text: said.includes('agen') ? 'Baik, saya sambungkan.' : 'Halo dari Kata!' },
        ],
        userData: { intent: said.includes('agen') ? 'human' : 'greeting' },
        handOff: said.includes('agen') ? { tag: null } : null,
      });
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'x-sapa-signature': sign(state.signRepliesWith, reply),
        })
        .end(reply);
    });
  });
  return new Promise<{ url: string; received: Received[]; state: typeof state; close: () => Promise<void> }>(
    (resolve) =>
      server.listen(0, '127.0.0.1', () =>
        resolve({
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
          received,
          state,
          close: () => new Promise((done) => server.close(() => done())),
        }),
      ),
  );
}

describe('chat bot administration and external bot providers', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let nlu: Awaited<ReturnType<typeof startFakeNlu>>;
  let deps: BotDeps;
  const inject = (options: InjectOptions) => sapa.app.inject(options);
  const as = (who: LoggedIn, options: InjectOptions) => inject({ ...options, headers: who.headers });

  beforeAll(async () => {
    sapa = await createTestApp();
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
    nlu = await startFakeNlu();
    deps = {
      db: sapa.database.db,
      realtime: sapa.realtime,
      messaging: sapa.messaging,
      // Tests run the fake on loopback; the default policy (below) refuses it.
      outbound: createOutboundHttp({ allowPrivateNetworks: true }),
      encryptionKey: deriveKeys(TEST_SECRET).encryption,
    };
  });
  afterAll(async () => {
    await nlu?.close();
    await sapa?.close();
  });

  it('answers another client’s bots, actions, validations and projects with 404', async () => {
    const mine = await as(adc, { method: 'POST', url: '/api/cs/chatbot', payload: { botName: 'Milik A' } });
    expect(mine.statusCode).toBe(201);
    const botId = mine.json().id;
    const flow = await as(adc, {
      method: 'POST',
      url: '/api/cs/chatbot/action?botName=Milik A',
      payload: { actions: [{ botActionName: 'tanya', type: 'ask', text: 'Nomor pesanan?' }] },
    });
    expect(flow.statusCode, flow.body).toBe(200);
    const project = await as(adc, {
      method: 'POST',
      url: '/api/cs/chatBotProvider/kata/utama/projects',
      payload: { projectName: 'Toko', kata_ai_projectId: 'kata-123' },
    });
    expect(project.statusCode).toBe(201);

    const refused = await Promise.all([
      as(adc2, { method: 'GET', url: `/api/cs/chatbot?id=${botId}` }),
      as(adc2, { method: 'PUT', url: '/api/cs/chatbot', payload: { id: botId, schedule: 'noAgentOnline' } }),
      as(adc2, { method: 'DELETE', url: '/api/cs/chatbot?botName=Milik A' }),
      as(adc2, { method: 'GET', url: '/api/cs/chatbot/action?botName=Milik A' }),
      as(adc2, { method: 'DELETE', url: '/api/cs/chatbot/action?botName=Milik A&botActionName=tanya' }),
      as(adc2, { method: 'GET', url: `/api/cs/chatbot/validation?botId=${botId}` }),
      as(adc2, {
        method: 'PUT',
        url: '/api/cs/chatbot/validation',
        payload: { botId, stateName: 'tanya', rule: 'number', errorMessage: 'Angka saja' },
      }),
      as(adc2, { method: 'DELETE', url: `/api/cs/chatbot/validation?botId=${botId}&stateName=tanya` }),
      as(adc2, { method: 'PUT', url: '/api/cs/configuration/defaultBot', payload: { id: botId } }),
      as(adc2, {
        method: 'PUT',
        url: '/api/cs/chatBotProvider/kata/utama/projects',
        payload: { id: project.json().id, projectName: 'Diambil', kata_ai_projectId: 'x' },
      }),
      as(adc2, {
        method: 'POST',
        url: '/api/cs/chatbot',
        payload: { botName: 'Pinjam', kind: 'external', projectId: project.json().id },
      }),
    ]);
    for (const response of refused) expect(response.statusCode, response.body).toBe(404);
    // Their list shows none of it, and ours is untouched.
    expect((await as(adc2, { method: 'GET', url: '/api/cs/chatbot' })).json().total).toBe(0);
    expect(
      (await as(adc2, { method: 'GET', url: '/api/cs/chatBotProvider/kata/utama/projects' })).json().total,
    ).toBe(0);
    const ours = await as(adc, { method: 'GET', url: `/api/cs/chatbot?id=${botId}` });
    expect(ours.json().items[0]).toMatchObject({ botName: 'Milik A', schedule: 'always' });
    expect(ours.json().items[0].actions.map((a: { botActionName: string }) => a.botActionName)).toEqual([
      'tanya',
    ]);
  });

  it('answers hostile and inconsistent input with a clear 4xx', async () => {
    await as(adc, { method: 'POST', url: '/api/cs/chatbot', payload: { botName: 'Uji' } });
    const cases: [InjectOptions, number, string?][] = [
      [{ method: 'POST', url: '/api/cs/chatbot', payload: { botName: 'A\u0000B' } }, 400, 'invalid_text'],
      [{ method: 'POST', url: '/api/cs/chatbot', payload: { botName: 'Uji' } }, 409, 'bot_exists'],
      [{ method: 'POST', url: '/api/cs/chatbot', payload: { botName: 42 } }, 400],
      [
        { method: 'POST', url: '/api/cs/chatbot', payload: { botName: 'Luar', kind: 'external' } },
        400,
        'bot_project_required',
      ],
      [{ method: 'GET', url: '/api/cs/chatbot?id=not-a-uuid' }, 404, 'bot_not_found'],
      [{ method: 'GET', url: '/api/cs/chatbot/validation?botId=%00' }, 400, 'invalid_text'],
      [{ method: 'POST', url: '/api/cs/chatbot/action?botName=Uji', payload: { actions: 'x' } }, 400],
      [
        {
          method: 'POST',
          url: '/api/cs/chatbot/action?botName=Uji',
          payload: { actions: [{ botActionName: 'a', type: 'text', text: 'hi', next: 'nowhere' }] },
        },
        400,
        'bot_flow_invalid',
      ],
      [
        {
          method: 'POST',
          url: '/api/cs/chatbot/action?botName=Uji',
          payload: {
            actions: [
              {
                botActionName: 'b',
                type: 'buttons',
                text: 'Pilih',
                options: [1, 2, 3, 4].map((n) => ({ title: `P${n}` })),
              },
            ],
          },
        },
        400,
      ],
      [
        {
          method: 'POST',
          url: '/api/cs/chatbot/action?botName=Uji',
          payload: { actions: [{ botActionName: 'i', type: 'image', imageUrl: 'javascript:alert(1)' }] },
        },
        400,
      ],
      [{ method: 'GET', url: '/api/cs/chatBotProvider/evil/x' }, 400],
      [
        {
          method: 'POST',
          url: '/api/cs/chatBotProvider/kata/utama',
          payload: { webhookUrl: 'file:///etc/passwd', secret: SECRET },
        },
        400,
      ],
      [{ method: 'DELETE', url: '/api/cs/chatBotProvider/kata/never' }, 409, 'bot_provider_not_connected'],
    ];
    for (const [request, status, code] of cases) {
      const response = await as(adc, request);
      expect(response.statusCode, `${request.method} ${request.url} ${response.body}`).toBe(status);
      if (code) expect(errorCode(response)).toBe(code);
    }
    // A validation for a state that does not wait for an answer, or with min above max, is refused.
    const bot = (await as(adc, { method: 'GET', url: '/api/cs/chatbot' }))
      .json()
      .items.find((b: { botName: string }) => b.botName === 'Uji');
    await as(adc, {
      method: 'POST',
      url: '/api/cs/chatbot/action?botName=Uji',
      payload: {
        actions: [
          { botActionName: 'halo', type: 'text', text: 'Halo', next: 'umur' },
          { botActionName: 'umur', type: 'ask', text: 'Umur?', saveAs: 'age' },
        ],
      },
    });
    const validation = (payload: object) =>
      as(adc, {
        method: 'PUT',
        url: '/api/cs/chatbot/validation',
        payload: { botId: bot.id, errorMessage: 'Tidak valid', ...payload },
      });
    expect((await validation({ stateName: 'halo', rule: 'text' })).statusCode).toBe(400);
    expect((await validation({ stateName: 'umur', rule: 'number', min: 30, max: 10 })).statusCode).toBe(400);
    expect((await validation({ stateName: 'tidak-ada', rule: 'number' })).statusCode).toBe(404);
    expect((await validation({ stateName: 'umur', rule: 'number', min: 1, max: 120 })).statusCode).toBe(200);
    // An action another leads to cannot be deleted alone.
    const inUse = await as(adc, {
      method: 'DELETE',
      url: '/api/cs/chatbot/action?botName=Uji&botActionName=umur',
    });
    expect(inUse.statusCode).toBe(409);
    expect(errorCode(inUse)).toBe('bot_action_in_use');
  });

  it('round-trips a customer through an external bot service, and refuses a bad signature either way', async () => {
    const connect = (secret: string) =>
      as(adc, {
        method: 'POST',
        url: '/api/cs/chatBotProvider/kata/nlu',
        payload: { webhookUrl: nlu.url, secret },
      });
    const connected = await connect(SECRET);
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json()).toMatchObject({ connected: true, webhookUrl: nlu.url });
    // The secret is never read back.
    expect(connected.body).not.toContain(SECRET);
    const project = await as(adc, {
      method: 'POST',
      url: '/api/cs/chatBotProvider/kata/nlu/projects',
      payload: { projectName: 'Layanan', projectDesc: 'FAQ toko', kata_ai_projectId: 'kata-proj-9' },
    });
    const bot = await as(adc, {
      method: 'POST',
      url: '/api/cs/chatbot',
      payload: { botName: 'Kata', kind: 'external', projectId: project.json().id },
    });
    expect(bot.statusCode, bot.body).toBe(201);
    for (const request of [
      { url: '/api/cs/configuration/defaultBot', payload: { id: bot.json().id } },
      { url: '/api/cs/configuration', payload: { initialState: 'bot', chatBot: true } },
    ]) {
      expect((await as(adc, { method: 'PUT', ...request })).statusCode).toBe(200);
    }

    const conversation = async (phone: string, text: string) => {
      await inject({
        method: 'POST',
        url: `/api/sandbox/whatsapp/${PNID}/messages`,
        payload: { from: `+${phone}`, name: 'Budi', text },
      });
      const rooms = [
        ...(await as(adc, { method: 'GET', url: '/api/cs/chatRoom/bot?pageSize=50' })).json().items,
        ...(await as(adc, { method: 'GET', url: '/api/cs/chatRoom?pageSize=50' })).json().items,
      ];
      const room = rooms.find((r: { customerPhoneNumber: string }) => r.customerPhoneNumber === phone);
      await runBotTurn(deps, { clientId: adc.session.clientId, roomId: room.id });
      const after = await as(adc, { method: 'GET', url: `/api/cs/chat?id=${room.id}&pageSize=50` });
      const current = [
        ...(await as(adc, { method: 'GET', url: '/api/cs/chatRoom/bot?pageSize=50' })).json().items,
        ...(await as(adc, { method: 'GET', url: '/api/cs/chatRoom?pageSize=50' })).json().items,
      ].find((r: { id: string }) => r.id === room.id);
      return {
        room: current as { isBot: boolean },
        said: after
          .json<{ items: { fromCs: boolean; type: string; content: string | null }[] }>()
          .items.filter((m) => m.fromCs && m.type === 'text')
          .map((m) => m.content),
      };
    };

    const first = await conversation('6281299990201', 'Halo');
    expect(nlu.received.at(-1)).toMatchObject({
      signatureValid: true,
      body: { projectId: 'kata-proj-9', messages: [{ text: 'Halo' }] },
    });
    expect(first.said).toEqual(['Halo dari Kata!']);
    expect(first.room.isBot).toBe(true);
    const second = await conversation('6281299990201', 'tolong sambungkan ke agen');
    expect([...second.said].sort()).toEqual(['Baik, saya sambungkan.', 'Halo dari Kata!']);
    expect(second.room.isBot).toBe(false);
    const customer = await as(adc, {
      method: 'GET',
      url: '/api/cs/customers/byPhoneNumber?phoneNumber=6281299990201',
    });
    expect(customer.json().userData).toMatchObject({ intent: 'human' });

    // The service's answer signed with another secret: nothing of it reaches the customer.
    nlu.state.signRepliesWith = 'someone-else-secret-0000000000';
    const forged = await conversation('6281299990202', 'Halo');
    expect(forged.said).toEqual([]);
    expect(forged.room.isBot).toBe(false);
    nlu.state.signRepliesWith = SECRET;

    // Our webhook signed with a secret the service does not know: it refuses (401), the agents take over.
    expect((await connect('a-different-secret-0123456789')).statusCode).toBe(200);
    const unsigned = await conversation('6281299990203', 'Halo');
    expect(nlu.received.at(-1)?.signatureValid).toBe(false);
    expect(unsigned.said).toEqual([]);
    expect(unsigned.room.isBot).toBe(false);

    // The default outbound policy refuses a loopback address: the call never leaves.
    expect((await connect(SECRET)).statusCode).toBe(200);
    const before = nlu.received.length;
    deps = { ...deps, outbound: createOutboundHttp({ allowPrivateNetworks: false }) };
    const blocked = await conversation('6281299990204', 'Halo');
    expect(nlu.received.length).toBe(before);
    expect(blocked.room.isBot).toBe(false);

    const disconnected = await as(adc, { method: 'DELETE', url: '/api/cs/chatBotProvider/kata/nlu' });
    expect(disconnected.json()).toMatchObject({ connected: false, webhookUrl: null });
  });
});
