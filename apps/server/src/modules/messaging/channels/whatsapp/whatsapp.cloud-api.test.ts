import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp } from '../../../../platform/outbound-http.js';
import { createRecordingInboxPort, type RecordingInboxPort } from '../../../../test/recording-inbox-port.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../../test/test-app.js';
import { until } from '../../../../test/wait-for.js';
import { envelope, postWebhook, statusOf, textMessage } from '../../../../test/whatsapp-webhook.js';
import { MAX_SEND_ATTEMPTS, type SendMessageInput } from '../../messaging.service.js';
import { graphSendMessage } from './graph-api.js';
import { whatsappChannels, whatsappMessages } from './whatsapp.tables.js';

const PNID = '200000000000002';
const HANGING_PNID = '200000000000099';
const APP_SECRET = 'second-app-secret';
const TOKEN = 'EAAG-second-access-token';
const CUSTOMER = '6281399990001';
const IMAGE_BYTES = Buffer.from('\xff\xd8\xff\xe0 a small jpeg for the test', 'latin1');
/** What an attacker wants read back: text the server should never store as an image. */
const NOT_AN_IMAGE = Buffer.from('# HELP process_cpu_user_seconds_total internal metrics\n');

type Recorded = { method: string; url: string; authorization: string | undefined; body: unknown };

/** A local Graph API that speaks the Cloud API's wire format: sends, media lookup and download. */
function startFakeGraph() {
  const requests: Recorded[] = [];
  const failures: { status: number; body: unknown }[] = [];
  let sent = 0;
  let baseUrl = '';
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as unknown) : null;
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      requests.push({
        method: request.method!,
        url: request.url!,
        authorization: request.headers.authorization,
        body,
      });
      const json = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (request.headers.authorization !== `Bearer ${TOKEN}`) {
        return json(401, {
          error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
        });
      }
      if (request.method === 'POST' && request.url === `/v23.0/${PNID}/messages`) {
        const failure = failures.shift();
        if (failure) return json(failure.status, failure.body);
        sent += 1;
        const to = (body as { to: string }).to;
        return json(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: nextWamid(sent) }],
        });
      }
      if (request.url === `/v23.0/${HANGING_PNID}/messages`) return; // never answers
      if (request.method === 'GET' && request.url === '/v23.0/media-77') {
        return json(200, {
          messaging_product: 'whatsapp',
          url: `${baseUrl}/download/media-77?ext=1`,
          mime_type: 'image/jpeg',
          sha256: 'abc',
          file_size: IMAGE_BYTES.length,
          id: 'media-77',
        });
      }
      if (request.method === 'GET' && request.url === '/download/media-77?ext=1') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(IMAGE_BYTES);
      }
      // Media answers naming URLs the server must not follow, or bytes it must not store.
      const hostile: Record<string, string> = {
        // Same server, another name: not the deployment's Graph host and not a Meta media host.
        '/v23.0/media-other-host': `${baseUrl.replace('127.0.0.1', 'localhost')}/download/media-77?ext=1`,
        '/v23.0/media-metadata': 'http://169.254.169.254/latest/meta-data/',
        '/v23.0/media-not-jpeg': `${baseUrl}/download/not-jpeg`,
        '/v23.0/media-huge': `${baseUrl}/download/huge`,
      };
      const hostileUrl = request.method === 'GET' ? hostile[request.url!] : undefined;
      if (hostileUrl) {
        return json(200, {
          messaging_product: 'whatsapp',
          url: hostileUrl,
          mime_type: 'image/jpeg',
          id: 'x',
        });
      }
      if (request.method === 'GET' && request.url === '/download/not-jpeg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(NOT_AN_IMAGE);
      }
      if (request.method === 'GET' && request.url === '/download/huge') {
        // A real jpeg start, then more than Meta's 5 MB image limit, without a content-length.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.write(IMAGE_BYTES);
        for (let i = 0; i < 6; i += 1) response.write(Buffer.alloc(1024 * 1024, 0x20));
        return response.end();
      }
      json(404, { error: { message: 'Unknown path', code: 100 } });
    })();
  });
  return {
    requests,
    failures,
    baseUrl: () => baseUrl,
    nextWamid: () => nextWamid(sent + 1),
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
const nextWamid = (n: number) => `wamid.HBgNNjI4MTM5OTk5MDAwMRUCABEYEjQ${String(n).padStart(4, '0')}`;

describe('WhatsApp Cloud API end to end against a local Graph API', () => {
  const graph = startFakeGraph();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sapa-cloud-api-'));
  let sapa: TestApp;
  let inbox: RecordingInboxPort;
  let admin: LoggedIn;
  let clientId: string;

  beforeAll(async () => {
    const base = await graph.start();
    inbox = createRecordingInboxPort();
    // The fake Graph API runs on loopback: this deployment allows that explicitly.
    sapa = await createTestApp(
      {
        DATA_DIR: dataDir,
        WHATSAPP_GRAPH_BASE_URL: `${base}/v23.0`,
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      },
      { inboxPort: inbox },
    );
    await sapa.jobs.start({ work: true });
    admin = await logIn(sapa.app, 'adc2@demo.test');
    clientId = admin.session.clientId;
    const created = await sapa.app.inject({
      method: 'POST',
      url: '/api/channels/whatsapp',
      headers: admin.headers,
      payload: {
        provider: 'cloud',
        phoneNumberId: PNID,
        displayPhoneNumber: '+62 31 5310 0002',
        wabaId: '200000000000000',
        accessToken: TOKEN,
        appSecret: APP_SECRET,
        verifyToken: 'second-verify-token',
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ provider: 'cloud', hasAccessToken: true });
    expect(created.body).not.toContain(TOKEN);
  });
  afterAll(async () => {
    await sapa?.close();
    await graph.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the access token and app secret sealed, never in the clear', async () => {
    const [row] = await sapa.database.db
      .select()
      .from(whatsappChannels)
      .where(eq(whatsappChannels.phoneNumberId, PNID));
    expect(row!.accessTokenSealed).not.toContain(TOKEN);
    expect(row!.appSecretSealed).not.toContain(APP_SECRET);
  });

  it("copies an inbound image into our storage and serves it only to that client's users", async () => {
    const body = envelope(PNID, {
      contacts: [{ profile: { name: 'Rina' }, wa_id: CUSTOMER }],
      messages: [
        {
          from: CUSTOMER,
          id: 'wamid.cloud-image-1',
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'image',
          image: { id: 'media-77', mime_type: 'image/jpeg', sha256: 'abc', caption: 'broken item' },
        },
      ],
    });
    expect((await postWebhook(sapa.app, body, APP_SECRET)).statusCode).toBe(200);
    const stored = (await until(() =>
      inbox.media.find((media) => media.providerMessageId === 'wamid.cloud-image-1'),
    ))!;
    expect(stored).toMatchObject({
      clientId,
      mimeType: 'image/jpeg',
      url: expect.stringMatching(/^\/api\/files\//),
    });
    const lookups = graph.requests.filter((request) => request.method === 'GET');
    expect(lookups.map((request) => [request.url, request.authorization])).toEqual([
      ['/v23.0/media-77', `Bearer ${TOKEN}`],
      ['/download/media-77?ext=1', `Bearer ${TOKEN}`],
    ]);

    const own = await sapa.app.inject({ method: 'GET', url: stored.url, headers: admin.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.equals(IMAGE_BYTES)).toBe(true);
    const stranger = await logIn(sapa.app, 'adc@demo.test');
    const other = await sapa.app.inject({ method: 'GET', url: stored.url, headers: stranger.headers });
    expect(other.statusCode).toBe(404);
    expect(errorCode(other)).toBe('file_not_found');
    expect((await sapa.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(401);
  });

  it('sends text, image, document and template messages in the Cloud API wire format', async () => {
    await postWebhook(
      sapa.app,
      envelope(PNID, { messages: [textMessage(CUSTOMER, 'wamid.cloud-q', 'Where is my parcel?')] }),
      APP_SECRET,
    );
    const before = graph.requests.length;
    const send = sapa.channels.get('whatsapp').send;
    const text = await send({
      clientId,
      channel: 'whatsapp',
      kind: 'text',
      to: `+${CUSTOMER}`,
      text: 'It left our warehouse today.',
      replyToProviderMessageId: 'wamid.cloud-q',
    });
    await send({
      clientId,
      channel: 'whatsapp',
      kind: 'image',
      to: CUSTOMER,
      url: 'https://cdn.example.test/receipt.jpg',
      caption: 'Receipt',
    });
    await send({
      clientId,
      channel: 'whatsapp',
      kind: 'document',
      to: CUSTOMER,
      url: 'https://cdn.example.test/inv.pdf',
      caption: 'Invoice',
      fileName: 'invoice.pdf',
    });
    await send({
      clientId,
      channel: 'whatsapp',
      kind: 'template',
      to: CUSTOMER,
      templateName: 'order_shipped',
      language: 'id',
      parameters: ['Rina', 'A-100'],
    });

    const sends = graph.requests.slice(before);
    expect(
      sends.every((request) => request.method === 'POST' && request.url === `/v23.0/${PNID}/messages`),
    ).toBe(true);
    expect(sends.every((request) => request.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const envelopeOf = { messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER };
    expect(sends.map((request) => request.body)).toEqual([
      {
        ...envelopeOf,
        context: { message_id: 'wamid.cloud-q' },
        type: 'text',
        text: { preview_url: false, body: 'It left our warehouse today.' },
      },
      {
        ...envelopeOf,
        type: 'image',
        image: { link: 'https://cdn.example.test/receipt.jpg', caption: 'Receipt' },
      },
      {
        ...envelopeOf,
        type: 'document',
        document: { link: 'https://cdn.example.test/inv.pdf', caption: 'Invoice', filename: 'invoice.pdf' },
      },
      {
        ...envelopeOf,
        type: 'template',
        template: {
          name: 'order_shipped',
          language: { code: 'id' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Rina' },
                { type: 'text', text: 'A-100' },
              ],
            },
          ],
        },
      },
    ]);
    const [row] = await sapa.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.providerMessageId, text.providerMessageId));
    expect(row).toMatchObject({
      direction: 'out',
      customerPhone: CUSTOMER,
      text: 'It left our warehouse today.',
      status: null,
    });
  });

  it('applies a status that arrived before its message once the message is recorded', async () => {
    const wamid = graph.nextWamid();
    const early = envelope(PNID, { statuses: [statusOf(wamid, 'sent'), statusOf(wamid, 'delivered')] });
    expect((await postWebhook(sapa.app, early, APP_SECRET)).statusCode).toBe(200);
    const result = await sapa.channels.get('whatsapp').send({
      clientId,
      channel: 'whatsapp',
      kind: 'text',
      to: CUSTOMER,
      text: 'Any news?',
    });
    expect(result.providerMessageId).toBe(wamid);
    const [row] = await sapa.database.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.providerMessageId, wamid));
    expect(row!.status).toBe('delivered');
    expect(
      inbox.statuses.filter((update) => update.providerMessageId === wamid).map((update) => update.status),
    ).toEqual(['sent', 'delivered']);
  });

  it('turns Graph API errors into clear errors', async () => {
    const message = {
      clientId,
      channel: 'whatsapp' as const,
      kind: 'text' as const,
      to: CUSTOMER,
      text: 'Hello',
    };
    graph.failures.push({
      status: 400,
      body: {
        error: {
          message: '(#131030) Recipient phone number not in allowed list',
          type: 'OAuthException',
          code: 131030,
          error_data: {
            messaging_product: 'whatsapp',
            details: 'Recipient phone number not in allowed list',
          },
          fbtrace_id: 'AbC',
        },
      },
    });
    await expect(sapa.channels.get('whatsapp').send(message)).rejects.toMatchObject({
      statusCode: 502,
      code: 'provider_rejected',
      message: 'WhatsApp refused the message (error 131030): Recipient phone number not in allowed list',
    });
    graph.failures.push({ status: 400, body: { error: { message: 'Re-engagement message', code: 131047 } } });
    await expect(sapa.channels.get('whatsapp').send(message)).rejects.toMatchObject({
      code: 'window_closed',
    });
    graph.failures.push({
      status: 401,
      body: { error: { message: 'Error validating access token', code: 190 } },
    });
    await expect(sapa.channels.get('whatsapp').send(message)).rejects.toMatchObject({
      code: 'provider_auth_failed',
    });
    graph.failures.push({ status: 500, body: 'not json' });
    await expect(sapa.channels.get('whatsapp').send(message)).rejects.toMatchObject({
      code: 'provider_rejected',
    });
  });

  it('reports a Graph API that does not answer in time, or cannot be reached, as such', async () => {
    const body = { messaging_product: 'whatsapp', to: CUSTOMER, type: 'text', text: { body: 'Hi' } };
    const endpoint = {
      outbound: createOutboundHttp({ allowPrivateNetworks: true }),
      graphBaseUrl: `${graph.baseUrl()}/v23.0`,
      accessToken: TOKEN,
      timeoutMs: 300,
    };
    await expect(graphSendMessage({ ...endpoint, phoneNumberId: HANGING_PNID }, body)).rejects.toMatchObject({
      statusCode: 504,
      code: 'provider_timeout',
    });
    await expect(
      graphSendMessage({ ...endpoint, graphBaseUrl: 'http://127.0.0.1:9/v23.0', phoneNumberId: PNID }, body),
    ).rejects.toMatchObject({ statusCode: 502, code: 'provider_unreachable' });
  });

  it("ignores a Graph API address a client admin sends: replies go to the deployment's Graph API only", async () => {
    const stolen: { url: string; authorization: string | undefined }[] = [];
    const attacker = createServer((request, response) => {
      stolen.push({ url: request.url!, authorization: request.headers.authorization });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ messages: [{ id: 'wamid.stolen' }] }));
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/v23.0`;
      const [channel] = (
        await sapa.app.inject({ method: 'GET', url: '/api/channels/whatsapp', headers: admin.headers })
      ).json();
      const updated = await sapa.app.inject({
        method: 'PUT',
        url: `/api/channels/whatsapp/${channel.id}`,
        headers: admin.headers,
        payload: {
          provider: 'cloud',
          phoneNumberId: PNID,
          displayPhoneNumber: '+62 31 5310 0002',
          graphBaseUrl: attackerUrl,
          appSecret: APP_SECRET,
          verifyToken: 'second-verify-token',
        },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).not.toHaveProperty('graphBaseUrl');
      expect(updated.body).not.toContain(attackerUrl);
      await postWebhook(
        sapa.app,
        envelope(PNID, { messages: [textMessage(CUSTOMER, 'wamid.cloud-ssrf-q', 'Hello?')] }),
        APP_SECRET,
      );
      const before = graph.requests.length;
      const sent = await sapa.channels.get('whatsapp').send({
        clientId,
        channel: 'whatsapp',
        kind: 'text',
        to: CUSTOMER,
        text: 'Hello from us',
      });
      expect(sent.providerMessageId).not.toBe('wamid.stolen');
      expect(stolen).toEqual([]);
      expect(graph.requests.slice(before).map((request) => request.url)).toEqual([`/v23.0/${PNID}/messages`]);
    } finally {
      attacker.closeAllConnections();
      await new Promise((resolve) => attacker.close(resolve));
    }
  });

  async function mediaOutcome(mediaId: string, wamid: string): Promise<typeof whatsappMessages.$inferSelect> {
    const body = envelope(PNID, {
      messages: [
        {
          from: CUSTOMER,
          id: wamid,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'image',
          image: { id: mediaId, mime_type: 'image/jpeg', sha256: 'abc' },
        },
      ],
    });
    expect((await postWebhook(sapa.app, body, APP_SECRET)).statusCode).toBe(200);
    const settled = await until(async () => {
      const [row] = await sapa.database.db
        .select()
        .from(whatsappMessages)
        .where(eq(whatsappMessages.providerMessageId, wamid));
      return row?.mediaError || row?.mediaFileId ? row : null;
    });
    return settled!;
  }

  it('does not follow a media URL off the WhatsApp media hosts, nor to a link-local address', async () => {
    for (const [mediaId, wamid] of [
      ['media-other-host', 'wamid.cloud-media-host'],
      ['media-metadata', 'wamid.cloud-media-metadata'],
    ] as const) {
      const before = graph.requests.length;
      const row = await mediaOutcome(mediaId, wamid);
      expect(row.mediaFileId).toBeNull();
      expect(row.mediaError).toMatch(/not on a WhatsApp media host/);
      // Only the lookup reached the (allowed) Graph API; no download was tried anywhere.
      expect(graph.requests.slice(before).filter((request) => request.url.startsWith('/download'))).toEqual(
        [],
      );
      expect(inbox.media.find((media) => media.providerMessageId === wamid)).toBeUndefined();
    }
  });

  it('refuses media whose bytes are not the declared type', async () => {
    const row = await mediaOutcome('media-not-jpeg', 'wamid.cloud-media-not-jpeg');
    expect(row.mediaFileId).toBeNull();
    expect(row.mediaError).toMatch(/not the image\/jpeg it was declared as/);
    expect(
      inbox.media.find((media) => media.providerMessageId === 'wamid.cloud-media-not-jpeg'),
    ).toBeUndefined();
  });

  it("refuses media over Meta's size limit for its type", async () => {
    const row = await mediaOutcome('media-huge', 'wamid.cloud-media-huge');
    expect(row.mediaFileId).toBeNull();
    expect(row.mediaError).toMatch(/over 5242880 bytes/);
  });

  it('retries a Graph API 5xx from the send job until the last attempt, then records the failure; a refusal fails at once', async () => {
    const sendsSince = (before: number) =>
      graph.requests
        .slice(before)
        .filter((request) => request.method === 'POST' && request.url === `/v23.0/${PNID}/messages`).length;
    const template = (idempotencyKey: string): SendMessageInput => ({
      channel: 'whatsapp',
      recipient: CUSTOMER,
      content: { kind: 'template', templateName: 'order_shipped', language: 'id', parameters: [] },
      source: 'inbox',
      sourceRef: idempotencyKey,
      idempotencyKey,
    });
    const overloaded = {
      status: 503,
      body: { error: { message: 'Service temporarily unavailable', code: 2 } },
    };
    let before = graph.requests.length;
    for (let attempt = 0; attempt < MAX_SEND_ATTEMPTS; attempt++) graph.failures.push(overloaded);
    const row = await sapa.messaging.sendMessage(clientId, template('cloud-overloaded'));
    await sapa.messaging.settle();
    // The in-process try failed and let the row go; it stays queued with the error for the job.
    expect(await sapa.messaging.getOutbound(clientId, row.id)).toMatchObject({
      status: 'queued',
      attempts: 1,
      errorCode: 'provider_rejected',
    });
    // The job's retries, run here instead of waiting out pg-boss's backoff; the worker may take some,
    // and the row's claim keeps every try to one provider call.
    for (let tries = 0; tries < 100; tries++) {
      if ((await sapa.messaging.getOutbound(clientId, row.id)).status !== 'queued') break;
      await sapa.messaging.runSendJob({ clientId, outboundId: row.id }).catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    }
    expect(await sapa.messaging.getOutbound(clientId, row.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_SEND_ATTEMPTS,
      errorCode: 'provider_rejected',
      errorMessage: 'WhatsApp refused the message (error 2): Service temporarily unavailable',
      providerMessageId: null,
    });
    expect(sendsSince(before)).toBe(MAX_SEND_ATTEMPTS);
    expect(graph.failures).toHaveLength(0);
    expect(inbox.outcomes.filter((outcome) => outcome.sourceRef === 'cloud-overloaded')).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: {
          code: 'provider_rejected',
          title: 'WhatsApp refused the message (error 2): Service temporarily unavailable',
        },
      }),
    ]);

    before = graph.requests.length;
    graph.failures.push({
      status: 400,
      body: { error: { message: 'Recipient phone number not in allowed list', code: 131030 } },
    });
    const refused = await sapa.messaging.sendMessage(clientId, template('cloud-refused'));
    await sapa.messaging.settle();
    expect(await sapa.messaging.getOutbound(clientId, refused.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      errorCode: 'provider_rejected',
      errorMessage: 'WhatsApp refused the message (error 131030): Recipient phone number not in allowed list',
    });
    await sapa.messaging.runSendJob({ clientId, outboundId: refused.id });
    expect(sendsSince(before)).toBe(1);

    // And a send that goes through records the number it left from and tells the inbox its wamid.
    const sent = await sapa.messaging.sendMessage(clientId, template('cloud-sent'));
    await sapa.messaging.settle();
    const [channel] = (
      await sapa.app.inject({ method: 'GET', url: '/api/channels/whatsapp', headers: admin.headers })
    ).json();
    const stored = await sapa.messaging.getOutbound(clientId, sent.id);
    expect(stored).toMatchObject({ status: 'sent', channelAccountId: channel.id });
    expect(inbox.outcomes.filter((outcome) => outcome.sourceRef === 'cloud-sent')).toEqual([
      expect.objectContaining({ status: 'sent', providerMessageId: stored.providerMessageId }),
    ]);
  });
});
