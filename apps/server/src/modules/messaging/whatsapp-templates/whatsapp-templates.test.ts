import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WhatsappTemplate } from '@sapa/contracts';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.js';
import { multipartFile } from '../../../test/multipart.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { until } from '../../../test/wait-for.js';
import { sign } from '../../../test/whatsapp-webhook.js';

const WABA = '300000000000000';
const PNID = '300000000000003';
const TOKEN = 'EAAG-template-access-token';
const APP_SECRET = 'template-app-secret';
const DEMO_WABA = '100000000000000';
const DEMO_SECRET = 'demo-app-secret';

type GraphTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  rejected_reason?: string;
  components: unknown[];
};
type Recorded = {
  method: string;
  url: string;
  body: unknown;
  raw: Buffer;
  headers: IncomingMessage['headers'];
};
const APP_ID = '700000000000007';
const HANDLE = '4::aW1hZ2UvcG5n:ARZsample-handle';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/**
 * A local Graph API for one business account: `message_templates` GET (paged by two, with cursors),
 * POST and DELETE, the number's `messages`, and Meta's error shapes.
 */
function startFakeGraph() {
  const requests: Recorded[] = [];
  const templates: GraphTemplate[] = [];
  let nextId = 900_000_000_001;
  let baseUrl = '';
  /** Open Resumable Upload sessions: what `POST /{app-id}/uploads` announced. */
  const uploads = new Map<string, { length: number; type: string; name: string }>();
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const json = request.headers['content-type']?.startsWith('application/json') && raw.length > 0;
    return { raw, body: json ? (JSON.parse(raw.toString('utf8')) as unknown) : null };
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const { raw, body } = await readBody(request);
      requests.push({ method: request.method!, url: request.url!, body, raw, headers: request.headers });
      const json = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      const url = new URL(request.url!, baseUrl);
      // Meta's upload step documents `OAuth <token>`; the other calls take the bearer form.
      const uploadStep = url.pathname.startsWith('/v23.0/upload:');
      if (request.headers.authorization !== `${uploadStep ? 'OAuth' : 'Bearer'} ${TOKEN}`)
        return json(401, {
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        });
      if (request.method === 'GET' && url.pathname === '/v23.0/app')
        return json(200, { id: APP_ID, name: 'Sapa test app' });
      if (request.method === 'POST' && url.pathname === `/v23.0/${APP_ID}/uploads`) {
        const name = url.searchParams.get('file_name') ?? '';
        const length = Number(url.searchParams.get('file_length'));
        const type = url.searchParams.get('file_type') ?? '';
        if (!name || !Number.isInteger(length) || length <= 0 || !/^(image|video|application)\//.test(type))
          return json(400, { error: { message: 'Invalid parameter', code: 100 } });
        const id = `upload:MTphdHRhY2htZW50${uploads.size}?sig=ARZ${uploads.size}`;
        uploads.set(id.split('?')[0]!, { length, type, name });
        return json(200, { id });
      }
      if (request.method === 'POST' && uploadStep) {
        const session = uploads.get(url.pathname.slice('/v23.0/'.length));
        if (!session || !url.searchParams.get('sig'))
          return json(400, { error: { message: 'Unknown upload session', code: 100 } });
        if (request.headers.file_offset !== '0' || raw.length !== session.length)
          return json(400, { error: { message: 'The bytes do not match the session', code: 100 } });
        if (session.name.startsWith('refused'))
          return json(400, {
            error: {
              message: 'Invalid parameter',
              code: 100,
              error_user_msg: 'The file type is not supported.',
            },
          });
        return json(200, { h: HANDLE });
      }
      if (url.pathname === `/v23.0/${WABA}/message_templates`) {
        if (request.method === 'POST') {
          const draft = body as { name: string; language: string; category: string; components: unknown[] };
          if (templates.some((t) => t.name === draft.name && t.language === draft.language))
            return json(400, {
              error: {
                message: 'Invalid parameter',
                type: 'OAuthException',
                code: 100,
                error_subcode: 2388024,
                error_user_title: 'Content in this language already exists',
                error_user_msg: `Message template "${draft.name}" already exists in ${draft.language}.`,
              },
            });
          if (draft.name.startsWith('meta_refuses'))
            return json(400, {
              error: {
                message: 'Invalid parameter',
                type: 'OAuthException',
                code: 100,
                error_subcode: 2388040,
                error_user_msg: 'Message template character limit exceeded.',
              },
            });
          const template = { id: String(nextId++), status: 'PENDING', ...draft };
          templates.push(template);
          return json(200, { id: template.id, status: 'PENDING', category: draft.category });
        }
        if (request.method === 'GET') {
          const name = url.searchParams.get('name');
          const list = templates.filter((t) => !name || t.name === name);
          const start = Number(url.searchParams.get('after') ?? '0');
          const page = list.slice(start, start + 2);
          const more = start + 2 < list.length;
          return json(200, {
            data: page,
            paging: {
              cursors: { before: String(start), after: String(start + 2) },
              ...(more ? { next: `${baseUrl}${url.pathname}?after=${start + 2}` } : {}),
            },
          });
        }
        if (request.method === 'DELETE') {
          const index = templates.findIndex(
            (t) => t.name === url.searchParams.get('name') && t.id === url.searchParams.get('hsm_id'),
          );
          if (index < 0)
            return json(400, {
              error: { message: 'Template does not exist', code: 100, error_subcode: 2593002 },
            });
          templates.splice(index, 1);
          return json(200, { success: true });
        }
      }
      if (request.method === 'POST' && url.pathname === `/v23.0/${PNID}/messages`) {
        return json(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: '6281', wa_id: '6281' }],
          messages: [{ id: `wamid.template-${requests.length}` }],
        });
      }
      json(404, { error: { message: 'Unknown path', code: 100 } });
    })();
  });
  return {
    requests,
    templates,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return baseUrl;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('WhatsApp templates against a local Graph API and the sandbox review', () => {
  const graph = startFakeGraph();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sapa-wa-templates-'));
  let now = new Date();
  let sapa: TestApp;
  let second: LoggedIn;
  let demo: LoggedIn;
  let cloudChannelId: string;
  let demoChannelId: string;

  const api = (
    who: LoggedIn,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    payload === undefined
      ? sapa.app.inject({ method, url, headers: who.headers })
      : sapa.app.inject({ method, url, headers: who.headers, payload });
  const read = async (who: LoggedIn, id: string) =>
    (await api(who, 'GET', `/api/channels/whatsapp/templates/${id}`)).json<WhatsappTemplate>();
  const statusWebhook = (waba: string, time: number, value: Record<string, unknown>) => ({
    object: 'whatsapp_business_account',
    entry: [{ id: waba, time, changes: [{ field: 'message_template_status_update', value }] }],
  });
  const postSigned = (body: unknown, secret: string) => {
    const raw = JSON.stringify(body);
    return sapa.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(secret, raw) },
      payload: raw,
    });
  };
  const seconds = (offset = 0) => Math.floor(now.getTime() / 1000) + offset;

  const orderDraft = (channelId: string, name: string) => ({
    channelId,
    name,
    language: 'en_US',
    category: 'UTILITY',
    header: { format: 'TEXT', text: 'Order {{1}}', example: 'A-100' },
    body: { text: 'Hello {{1}}, your order {{2}} has shipped today.', examples: ['Rina', 'A-100'] },
    footer: 'Reply STOP to opt out',
    buttons: [
      { type: 'URL', text: 'Track', url: 'https://shop.example.test/track/{{1}}', example: 'A-100' },
      { type: 'PHONE_NUMBER', text: 'Call us', phoneNumber: '+622150001111' },
      { type: 'QUICK_REPLY', text: 'Thanks' },
    ],
  });

  beforeAll(async () => {
    const base = await graph.start();
    sapa = await createTestApp(
      {
        DATA_DIR: dataDir,
        WHATSAPP_GRAPH_BASE_URL: `${base}/v23.0`,
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      { whatsappTemplates: { clock: () => now, sandboxReviewSeconds: 60 } },
    );
    await sapa.jobs.start({ work: true });
    second = await logIn(sapa.app, 'adc2@demo.test');
    demo = await logIn(sapa.app, 'adc@demo.test');
    const created = await api(second, 'POST', '/api/channels/whatsapp', {
      provider: 'cloud',
      phoneNumberId: PNID,
      displayPhoneNumber: '+62 31 5310 0003',
      wabaId: WABA,
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'template-verify-token',
    });
    expect(created.statusCode).toBe(200);
    cloudChannelId = created.json<{ id: string }>().id;
    const channels = await api(demo, 'GET', '/api/channels/whatsapp');
    demoChannelId = channels
      .json<{ id: string; provider: string }[]>()
      .find((c) => c.provider === 'sandbox')!.id;
  });
  afterAll(async () => {
    await sapa?.close();
    await graph.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('submits a template to the business account in a job, in the components Meta requires', async () => {
    const created = await api(
      second,
      'POST',
      '/api/channels/whatsapp/templates',
      orderDraft(cloudChannelId, 'order_shipped'),
    );
    expect(created.statusCode).toBe(200);
    const template = created.json<WhatsappTemplate>();
    expect(template).toMatchObject({
      status: 'SUBMITTING',
      name: 'order_shipped',
      displayPhoneNumber: '+62 31 5310 0003',
    });

    const pending = await until(async () => {
      const current = await read(second, template.id);
      return current.status === 'PENDING' ? current : null;
    });
    expect(pending.providerTemplateId).toBe(graph.templates[0]!.id);
    const post = graph.requests.find(
      (r) => r.method === 'POST' && r.url === `/v23.0/${WABA}/message_templates`,
    )!;
    expect(post.body).toEqual({
      name: 'order_shipped',
      language: 'en_US',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['A-100'] } },
        {
          type: 'BODY',
          text: 'Hello {{1}}, your order {{2}} has shipped today.',
          example: { body_text: [['Rina', 'A-100']] },
        },
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'URL', text: 'Track', url: 'https://shop.example.test/track/{{1}}', example: ['A-100'] },
            { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+622150001111' },
            { type: 'QUICK_REPLY', text: 'Thanks' },
          ],
        },
      ],
    });
  });

  it('applies signed status webhooks, keeps the reason of a pause, and ignores a replayed older event', async () => {
    const [template] = (
      await api(second, 'GET', '/api/channels/whatsapp/templates?search=order_shipped')
    ).json<{
      items: WhatsappTemplate[];
    }>().items;
    const id = Number(template!.providerTemplateId);
    const approved = statusWebhook(WABA, seconds(5), {
      event: 'APPROVED',
      message_template_id: id,
      message_template_name: 'order_shipped',
      message_template_language: 'en_US',
      reason: 'NONE',
    });
    expect((await postSigned(approved, APP_SECRET)).statusCode).toBe(200);
    expect(await read(second, template!.id)).toMatchObject({ status: 'APPROVED', reason: null });

    const paused = statusWebhook(WABA, seconds(10), {
      event: 'PAUSED',
      message_template_id: id,
      message_template_name: 'order_shipped',
      message_template_language: 'en_US',
      reason: 'NONE',
      other_info: { title: 'FIRST_PAUSE', description: 'Paused for 3 hours because of low quality.' },
    });
    expect((await postSigned(paused, APP_SECRET)).statusCode).toBe(200);
    expect(await read(second, template!.id)).toMatchObject({
      status: 'PAUSED',
      reason: 'FIRST_PAUSE: Paused for 3 hours because of low quality.',
    });

    // The approval again, as an attacker or a late retry would send it: older than what was applied.
    expect((await postSigned(approved, APP_SECRET)).statusCode).toBe(200);
    expect((await read(second, template!.id)).status).toBe('PAUSED');

    // Signed with another secret: refused, nothing applied.
    const forged = statusWebhook(WABA, seconds(20), { ...approved.entry[0]!.changes[0]!.value });
    const refused = await postSigned(forged, 'not-the-app-secret');
    expect(refused.statusCode).toBe(401);
    expect(errorCode(refused)).toBe('invalid_signature');
    expect((await read(second, template!.id)).status).toBe('PAUSED');

    const reinstated = statusWebhook(WABA, seconds(30), {
      ...approved.entry[0]!.changes[0]!.value,
      event: 'REINSTATED',
    });
    expect((await postSigned(reinstated, APP_SECRET)).statusCode).toBe(200);
    expect(await read(second, template!.id)).toMatchObject({ status: 'APPROVED', reason: null });
  });

  it('sends an approved template with header, body and URL button parameters; refuses one not approved', async () => {
    const send = sapa.channels.get('whatsapp').send;
    const before = graph.requests.length;
    await send({
      clientId: second.session.clientId,
      channel: 'whatsapp',
      kind: 'template',
      to: '6281399990007',
      templateName: 'order_shipped',
      language: 'en_US',
      parameters: ['Budi', 'B-200'],
      headerParameters: ['B-200'],
      buttonParameters: ['B-200?src=wa'],
    });
    const sent = graph.requests.slice(before).find((r) => r.url === `/v23.0/${PNID}/messages`)!;
    expect(sent.body).toMatchObject({
      type: 'template',
      template: {
        name: 'order_shipped',
        language: { code: 'en_US' },
        components: [
          { type: 'header', parameters: [{ type: 'text', text: 'B-200' }] },
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Budi' },
              { type: 'text', text: 'B-200' },
            ],
          },
          {
            type: 'button',
            sub_type: 'url',
            index: '0',
            parameters: [{ type: 'text', text: 'B-200?src=wa' }],
          },
        ],
      },
    });

    const draft = orderDraft(cloudChannelId, 'still_pending');
    const pending = (
      await api(second, 'POST', '/api/channels/whatsapp/templates', draft)
    ).json<WhatsappTemplate>();
    await until(async () => (await read(second, pending.id)).status === 'PENDING');
    const messages = graph.requests.length;
    await expect(
      send({
        clientId: second.session.clientId,
        channel: 'whatsapp',
        kind: 'template',
        to: '6281399990007',
        templateName: 'still_pending',
        language: 'en_US',
        parameters: ['Budi', 'B-200'],
      }),
    ).rejects.toMatchObject({ code: 'template_not_approved' });
    expect(graph.requests.slice(messages).some((r) => r.url.endsWith('/messages'))).toBe(false);
  });

  it('syncs statuses and templates made in Meta’s manager across pages', async () => {
    const mine = graph.templates.find((t) => t.name === 'still_pending')!;
    mine.status = 'REJECTED';
    mine.rejected_reason = 'INVALID_FORMAT';
    graph.templates.push(
      {
        id: '800000000000001',
        name: 'made_in_manager',
        language: 'id',
        status: 'APPROVED',
        category: 'MARKETING',
        components: [
          { type: 'BODY', text: 'Halo {{1}}, promo minggu ini!', example: { body_text: [['Rina']] } },
          { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Mau' }] },
        ],
      },
      {
        id: '800000000000002',
        name: 'also_manager',
        language: 'en',
        status: 'PAUSED',
        category: 'UTILITY',
        components: [],
      },
    );
    const synced = await api(second, 'POST', '/api/channels/whatsapp/templates/sync', {
      channelId: cloudChannelId,
    });
    expect(synced.json()).toMatchObject({ queued: true });
    const list = await until(async () => {
      const page = (await api(second, 'GET', '/api/channels/whatsapp/templates?pageSize=20')).json<{
        items: WhatsappTemplate[];
      }>();
      return page.items.some((t) => t.name === 'also_manager') ? page : null;
    });
    // Four templates at two per page: the sync followed the cursors.
    expect(
      graph.requests.filter((r) => r.method === 'GET' && r.url.includes('after=')).length,
    ).toBeGreaterThan(0);
    expect(list.items.find((t) => t.name === 'still_pending')).toMatchObject({
      status: 'REJECTED',
      reason: 'INVALID_FORMAT: the template is not formatted as Meta requires',
    });
    expect(list.items.find((t) => t.name === 'made_in_manager')).toMatchObject({
      status: 'APPROVED',
      category: 'MARKETING',
      draft: {
        body: { text: 'Halo {{1}}, promo minggu ini!', examples: ['Rina'] },
        buttons: [{ type: 'QUICK_REPLY', text: 'Mau' }],
      },
    });
  });

  it("records Meta's refusal of a submission, and deletes a template from the business account", async () => {
    const refusedDraft = orderDraft(cloudChannelId, 'meta_refuses_this');
    const refused = (
      await api(second, 'POST', '/api/channels/whatsapp/templates', refusedDraft)
    ).json<WhatsappTemplate>();
    const failed = await until(async () => {
      const current = await read(second, refused.id);
      return current.status === 'FAILED' ? current : null;
    });
    expect(failed.reason).toContain('Message template character limit exceeded.');

    const list = (await api(second, 'GET', '/api/channels/whatsapp/templates?search=order_shipped')).json<{
      items: WhatsappTemplate[];
    }>();
    const target = list.items[0]!;
    const deleting = await api(second, 'DELETE', `/api/channels/whatsapp/templates/${target.id}`);
    expect(deleting.json()).toMatchObject({ status: 'DELETING' });
    expect(
      (await api(second, 'DELETE', `/api/channels/whatsapp/templates/${target.id}`)).statusCode,
    ).toBeOneOf([404, 409]);
    await until(
      async () =>
        (await api(second, 'GET', `/api/channels/whatsapp/templates/${target.id}`)).statusCode === 404,
    );
    const call = graph.requests.find((r) => r.method === 'DELETE')!;
    expect(call.url).toBe(
      `/v23.0/${WABA}/message_templates?name=order_shipped&hsm_id=${target.providerTemplateId}`,
    );
    expect(graph.templates.some((t) => t.name === 'order_shipped')).toBe(false);
  });

  it('the sandbox approves or rejects after its delay, by a signed status webhook', async () => {
    const good = (
      await api(demo, 'POST', '/api/channels/whatsapp/templates', orderDraft(demoChannelId, 'sandbox_good'))
    ).json<WhatsappTemplate>();
    const gap = orderDraft(demoChannelId, 'sandbox_gap');
    gap.body = { text: 'Hello {{1}}, your code {{3}} is ready today.', examples: ['Rina', 'X'] };
    const badGap = (
      await api(demo, 'POST', '/api/channels/whatsapp/templates', gap)
    ).json<WhatsappTemplate>();
    const short = orderDraft(demoChannelId, 'sandbox_short');
    short.buttons = [{ type: 'URL', text: 'Open', url: 'https://bit.ly/abc', example: 'x' }] as never;
    const badShort = (
      await api(demo, 'POST', '/api/channels/whatsapp/templates', short)
    ).json<WhatsappTemplate>();
    const ids = [good.id, badGap.id, badShort.id];
    await until(async () =>
      (await Promise.all(ids.map((id) => read(demo, id)))).every((t) => t.status === 'PENDING'),
    );

    now = new Date(now.getTime() + 30_000);
    expect(
      await sapa.whatsappTemplates.runSandboxReviews({
        clientId: demo.session.clientId,
        channelId: demoChannelId,
      }),
    ).toBe(0);
    expect((await read(demo, good.id)).status).toBe('PENDING');

    now = new Date(now.getTime() + 31_000);
    expect(
      await sapa.whatsappTemplates.runSandboxReviews({
        clientId: demo.session.clientId,
        channelId: demoChannelId,
      }),
    ).toBe(3);
    expect(await read(demo, good.id)).toMatchObject({ status: 'APPROVED', reason: null });
    expect(await read(demo, badGap.id)).toMatchObject({
      status: 'REJECTED',
      reason: expect.stringContaining('INVALID_FORMAT'),
    });
    expect(await read(demo, badShort.id)).toMatchObject({
      status: 'REJECTED',
      reason: expect.stringContaining('INVALID_FORMAT'),
    });

    // The review arrived as a webhook signed with the number's app secret: a forged copy is refused.
    const forged = statusWebhook(DEMO_WABA, seconds(100), {
      event: 'APPROVED',
      message_template_name: 'sandbox_gap',
      message_template_language: 'en_US',
    });
    expect((await postSigned(forged, 'wrong')).statusCode).toBe(401);
    expect((await postSigned(forged, DEMO_SECRET)).statusCode).toBe(200);
    expect((await read(demo, badGap.id)).status).toBe('APPROVED');
  });

  it("answers 404 for another client's templates and channels", async () => {
    const theirs = (await api(demo, 'GET', '/api/channels/whatsapp/templates')).json<{
      items: WhatsappTemplate[];
    }>();
    const id = theirs.items[0]!.id;
    for (const response of [
      await api(second, 'GET', `/api/channels/whatsapp/templates/${id}`),
      await api(second, 'DELETE', `/api/channels/whatsapp/templates/${id}`),
      await api(second, 'POST', '/api/channels/whatsapp/templates/sync', { channelId: demoChannelId }),
      await api(second, 'POST', '/api/channels/whatsapp/templates', orderDraft(demoChannelId, 'not_mine')),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const mine = (
      await api(second, 'GET', `/api/channels/whatsapp/templates?channelId=${demoChannelId}`)
    ).json<{
      total: number;
    }>();
    expect(mine.total).toBe(0);
    expect((await read(demo, id)).id).toBe(id);
  });

  it('refuses hostile or broken input with a clear 4xx', async () => {
    const post = (payload: object) => api(second, 'POST', '/api/channels/whatsapp/templates', payload);
    const base = orderDraft(cloudChannelId, 'fine_name');
    const cases: [object, number][] = [
      [{ ...base, name: 'bad\u0000name' }, 400],
      [{ ...base, name: 'Has Spaces' }, 400],
      [{ ...base, body: { text: 'x'.repeat(1025), examples: [] } }, 400],
      [{ ...base, body: { text: 'Hi {{1}} and {{2}} ok', examples: ['only one'] } }, 400],
      [{ ...base, footer: 'Footer {{1}}' }, 400],
      [{ ...base, buttons: 'nope' }, 400],
      [{ ...base, category: 'PROMO' }, 400],
      [{ ...base, header: { format: 'TEXT', text: 'a\u0007b' } }, 400],
      [{ ...base, body: { text: 'Hi {{1}} \uD800 ok', examples: ['x'] } }, 400],
      [{ ...base, name: 'emoji_ok', body: { text: 'Hi \u{1F600} {{1}} ok', examples: ['x'] } }, 200],
      [{ ...base, channelId: 'not-an-id' }, 404],
      [{ ...base, channelId: '01900000-0000-7000-8000-000000000000' }, 404],
      [orderDraft(cloudChannelId, 'still_pending'), 409],
    ];
    for (const [payload, status] of cases) {
      const response = await post(payload);
      expect({ payload, status: response.statusCode }).toEqual({ payload, status });
    }
    expect((await api(second, 'GET', '/api/channels/whatsapp/templates/..%2F..')).statusCode).toBe(404);
    expect((await api(second, 'GET', '/api/channels/whatsapp/templates?status=NOPE')).statusCode).toBe(400);
    expect((await api(second, 'GET', '/api/channels/whatsapp/templates?search=a%00b')).statusCode).toBe(400);
    expect((await api(second, 'GET', '/api/channels/whatsapp/templates?channelId=x')).json()).toMatchObject({
      total: 0,
    });
    const garbage = await sapa.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': sign(APP_SECRET, '{"object":1}'),
      },
      payload: '{"object":1}',
    });
    expect(garbage.statusCode).toBe(401);
  });

  it("uploads a media header sample from a resource with Meta's Resumable Upload API and sends it by link", async () => {
    const upload = async (who: LoggedIn, fileName: string, bytes: Buffer, type: string) => {
      const body = multipartFile(fileName, bytes, type, { channel: 'WHATSAPP' });
      const answer = await sapa.app.inject({
        method: 'POST',
        url: '/api/resources',
        headers: { ...who.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(answer.statusCode).toBe(201);
      const { id, fileId } = answer.json<{ id: string; fileId: string }>();
      resourceOf.set(fileId, id);
      return fileId;
    };
    const resourceOf = new Map<string, string>();
    const png = await upload(second, 'logo.png', PNG, 'image/png');
    const pdf = await upload(second, 'brochure.pdf', PDF, 'application/pdf');
    const demoPng = await upload(demo, 'demo-logo.png', PNG, 'image/png');
    const imageDraft = (channelId: string, name: string, exampleFileId: unknown) => ({
      channelId,
      name,
      language: 'en_US',
      category: 'MARKETING',
      header: { format: 'IMAGE', exampleFileId },
      body: { text: 'Our new catalogue is out, {{1}}.', examples: ['Rina'] },
    });
    const post = (who: LoggedIn, payload: object) =>
      api(who, 'POST', '/api/channels/whatsapp/templates', payload);

    // A sample of the wrong kind, another client's file, or hostile ids are refused before anything is stored.
    const refusals: [unknown, number, string?][] = [
      [pdf, 400, 'sample_wrong_kind'],
      [demoPng, 404, 'sample_not_found'],
      [newId(), 404, 'sample_not_found'],
      ['../../etc/passwd', 404, 'sample_not_found'],
      ['a\u0000b', 400],
      ['x'.repeat(65), 400],
      [42, 400],
      [null, 400],
    ];
    for (const [fileId, status, code] of refusals) {
      const answer = await post(second, imageDraft(cloudChannelId, 'catalogue_refused', fileId));
      expect({ fileId, status: answer.statusCode }).toEqual({ fileId, status });
      if (code) expect(errorCode(answer)).toBe(code);
    }
    expect(
      (
        await post(second, {
          ...imageDraft(cloudChannelId, 'catalogue_none', png),
          header: { format: 'VIDEO' },
        })
      ).statusCode,
    ).toBe(400);
    const pdfDocument = await post(second, {
      ...imageDraft(cloudChannelId, 'catalogue_pdf', pdf),
      header: { format: 'DOCUMENT', exampleFileId: pdf },
    });
    expect(pdfDocument.statusCode).toBe(200);

    const before = graph.requests.length;
    const created = await post(second, imageDraft(cloudChannelId, 'catalogue_launch', png));
    expect(created.statusCode).toBe(200);
    const template = created.json<WhatsappTemplate>();
    expect(template.draft.header).toEqual({ format: 'IMAGE', exampleFileId: png });
    await until(async () => (await read(second, template.id)).status === 'PENDING');
    // The resources library keeps a file a template shows.
    const inUse = await api(second, 'DELETE', `/api/resources/${resourceOf.get(png)}`);
    expect(inUse.statusCode).toBe(409);
    expect(errorCode(inUse)).toBe('resource_in_use');

    const calls = graph.requests.slice(before);
    const session = calls.find(
      (r) => r.url.startsWith(`/v23.0/${APP_ID}/uploads`) && r.url.includes('logo.png'),
    )!;
    const sessionUrl = new URL(session.url, 'http://graph.test');
    expect(Object.fromEntries(sessionUrl.searchParams)).toEqual({
      file_name: 'logo.png',
      file_length: String(PNG.length),
      file_type: 'image/png',
    });
    const bytes = calls.find((r) => r.url.startsWith('/v23.0/upload:') && r.raw.equals(PNG))!;
    expect(bytes.headers.file_offset).toBe('0');
    expect(bytes.headers.authorization).toBe(`OAuth ${TOKEN}`);
    expect(calls.some((r) => r.method === 'GET' && r.url.startsWith('/v23.0/app'))).toBe(true);
    const createCall = calls.find(
      (r) =>
        r.method === 'POST' &&
        r.url === `/v23.0/${WABA}/message_templates` &&
        (r.body as { name: string }).name === 'catalogue_launch',
    )!;
    expect((createCall.body as { components: unknown[] }).components[0]).toEqual({
      type: 'HEADER',
      format: 'IMAGE',
      example: { header_handle: [HANDLE] },
    });

    // Meta refusing the upload is the template's stored failure reason, like its other refusals.
    const refusedFile = await upload(
      second,
      'refused.png',
      Buffer.concat([PNG, Buffer.from('x')]),
      'image/png',
    );
    const refused = (
      await post(second, imageDraft(cloudChannelId, 'catalogue_upload_refused', refusedFile))
    ).json<WhatsappTemplate>();
    const failed = await until(async () => {
      const current = await read(second, refused.id);
      return current.status === 'FAILED' ? current : null;
    });
    expect(failed.reason).toContain('The file type is not supported.');
    expect(graph.templates.some((t) => t.name === 'catalogue_upload_refused')).toBe(false);

    // A send that names no header file shows the sample by a signed, expiring shared link.
    const approved = statusWebhook(WABA, seconds(600), {
      event: 'APPROVED',
      message_template_id: Number((await read(second, template.id)).providerTemplateId),
      message_template_name: 'catalogue_launch',
      message_template_language: 'en_US',
      reason: 'NONE',
    });
    expect((await postSigned(approved, APP_SECRET)).statusCode).toBe(200);
    const sending = graph.requests.length;
    await sapa.channels.get('whatsapp').send({
      clientId: second.session.clientId,
      channel: 'whatsapp',
      kind: 'template',
      to: '6281399990007',
      templateName: 'catalogue_launch',
      language: 'en_US',
      parameters: ['Budi'],
    });
    const sent = graph.requests.slice(sending).find((r) => r.url === `/v23.0/${PNID}/messages`)!;
    const header = (sent.body as { template: { components: { type: string; parameters: unknown[] }[] } })
      .template.components[0]!;
    const link = (header.parameters[0] as { type: string; image: { link: string } }).image.link;
    expect(link).toMatch(
      new RegExp(`/api/files/shared/${second.session.clientId}/${png}\\?expires=\\d+&signature=`),
    );
    const shared = await sapa.app.inject({ method: 'GET', url: link.slice(link.indexOf('/api/files/')) });
    expect(shared.statusCode).toBe(200);
    expect(shared.rawPayload.equals(PNG)).toBe(true);

    // The sandbox number takes the same path: its sample is read and "uploaded", and the review follows.
    const sandbox = (
      await post(demo, imageDraft(demoChannelId, 'sandbox_catalogue', demoPng))
    ).json<WhatsappTemplate>();
    expect((await post(demo, imageDraft(demoChannelId, 'sandbox_foreign', png))).statusCode).toBe(404);
    await until(async () => (await read(demo, sandbox.id)).status === 'PENDING');
  });
});
