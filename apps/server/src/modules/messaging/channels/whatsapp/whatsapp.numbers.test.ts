import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChannelSettings } from '@sapa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../../test/test-app.js';
import { until } from '../../../../test/wait-for.js';
import { sign } from '../../../../test/whatsapp-webhook.js';

const WABA = '510000000000000';
const PNID = '510000000000001';
const BAD_PNID = '510000000000002';
const TOKEN = 'EAAG-number-health-token';
const APP_SECRET = 'number-health-app-secret';

/** Graph's description of a number for each phone number id; the test changes it between reads. */
const described: Record<string, Record<string, unknown>> = {};

/** A local Graph API: `GET /{phone-number-id}` with the bearer token, in Meta's shapes. */
function startFakeGraph() {
  const requests: { url: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    requests.push({ url: request.url!, authorization: request.headers.authorization });
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return json(401, {
        error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
      });
    const id = new URL(request.url!, 'http://graph').pathname.replace(/^\/v23\.0\//, '');
    const number = request.method === 'GET' ? described[id] : undefined;
    if (!number)
      return json(400, {
        error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100 },
      });
    return json(200, { id, ...number });
  });
  return {
    requests,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v23.0`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('WhatsApp number health: the refresh job against a local Graph API, webhooks, access', () => {
  const graph = startFakeGraph();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sapa-wa-numbers-'));
  let sapa: TestApp;
  let owner: LoggedIn;
  let other: LoggedIn;
  let cloudId: string;
  let badId: string;
  let sandboxId: string;

  const numberOf = async (who: LoggedIn, id: string) =>
    (
      await sapa.app.inject({ method: 'GET', url: `/api/channels/whatsapp/${id}`, headers: who.headers })
    ).json<ChannelSettings>();
  const refresh = (who: LoggedIn, id: string) =>
    sapa.app.inject({ method: 'POST', url: `/api/channels/whatsapp/${id}/refresh`, headers: who.headers });
  const settled = (id: string) =>
    until(async () => {
      const number = await numberOf(owner, id);
      return number.refreshRequestedAt === null ? number : null;
    });
  const postSigned = (body: unknown, secret = APP_SECRET) => {
    const raw = JSON.stringify(body);
    return sapa.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(secret, raw) },
      payload: raw,
    });
  };

  beforeAll(async () => {
    const base = await graph.start();
    sapa = await createTestApp({
      DATA_DIR: dataDir,
      WHATSAPP_GRAPH_BASE_URL: base,
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
      PUBLIC_URL: 'https://portal.example.test',
    });
    await sapa.jobs.start({ work: true });
    owner = await logIn(sapa.app, 'adc2@demo.test');
    other = await logIn(sapa.app, 'adc@demo.test');
    const connect = async (phoneNumberId: string, displayPhoneNumber: string, accessToken: string) => {
      const created = await sapa.app.inject({
        method: 'POST',
        url: '/api/channels/whatsapp',
        headers: owner.headers,
        payload: {
          provider: 'cloud',
          phoneNumberId,
          displayPhoneNumber,
          wabaId: WABA,
          accessToken,
          appSecret: APP_SECRET,
          verifyToken: `verify-${phoneNumberId}`,
        },
      });
      expect(created.statusCode).toBe(200);
      return created.json<ChannelSettings>().id;
    };
    cloudId = await connect(PNID, '+62 31 5310 0051', TOKEN);
    badId = await connect(BAD_PNID, '+62 31 5310 0052', 'EAAG-revoked-token');
    const demoNumbers = await sapa.app.inject({
      method: 'GET',
      url: '/api/channels/whatsapp',
      headers: other.headers,
    });
    sandboxId = demoNumbers.json<ChannelSettings[]>().find((number) => number.provider === 'sandbox')!.id;
  });
  afterAll(async () => {
    await sapa?.close();
    await graph.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows a new number as never read, with the webhook URL and verify token to paste into Meta', async () => {
    const number = await numberOf(owner, cloudId);
    expect(number).toMatchObject({
      verifiedName: null,
      qualityRating: null,
      graphReadAt: null,
      graphError: null,
      refreshRequestedAt: null,
      webhookUrl: 'https://portal.example.test/webhooks/whatsapp',
      verifyToken: `verify-${PNID}`,
    });
  });

  it('reads the number from Graph in a job with its own token and shows what Meta said', async () => {
    described[PNID] = {
      display_phone_number: '+62 31-5310-0051',
      verified_name: 'Toko Sapa',
      name_status: 'APPROVED',
      quality_rating: 'GREEN',
      messaging_limit_tier: 'TIER_1K',
      throughput: { level: 'STANDARD' },
      code_verification_status: 'VERIFIED',
      platform_type: 'CLOUD_API',
    };
    const asked = await refresh(owner, cloudId);
    expect(asked.statusCode).toBe(202);
    expect(asked.json<ChannelSettings>().refreshRequestedAt).not.toBeNull();
    const number = await settled(cloudId);
    expect(number).toMatchObject({
      verifiedName: 'Toko Sapa',
      nameStatus: 'APPROVED',
      qualityRating: 'GREEN',
      messagingLimitTier: 'TIER_1K',
      throughputLevel: 'STANDARD',
      codeVerificationStatus: 'VERIFIED',
      platformType: 'CLOUD_API',
      graphError: null,
    });
    expect(number.graphReadAt).not.toBeNull();
    const read = graph.requests.find((request) => request.url.startsWith(`/v23.0/${PNID}?`))!;
    expect(read.authorization).toBe(`Bearer ${TOKEN}`);
    expect(new URL(read.url, 'http://graph').searchParams.get('fields')).toBe(
      'display_phone_number,verified_name,name_status,quality_rating,messaging_limit_tier,throughput,code_verification_status,platform_type',
    );
  });

  it('records why a read failed (a refused token) and keeps what was read before', async () => {
    await refresh(owner, badId);
    const bad = await settled(badId);
    expect(bad.graphError).toMatch(/access token/);
    expect(bad.graphReadAt).toBeNull();

    described[PNID] = { ...described[PNID], quality_rating: 'YELLOW' };
    await refresh(owner, cloudId);
    expect((await settled(cloudId)).qualityRating).toBe('YELLOW');
  });

  it('refuses to read a sandbox number from Meta (409)', async () => {
    const response = await refresh(other, sandboxId);
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('sandbox_number_not_on_whatsapp');
  });

  it("answers 404 for another client's number, a malformed id and hostile ids, never 5xx", async () => {
    for (const id of [
      sandboxId,
      'not-an-id',
      '%00',
      'x'.repeat(5_000),
      '0190a000-0000-7000-8000-000000000000',
    ]) {
      const response = await refresh(owner, id);
      expect(response.statusCode, id.slice(0, 20)).toBeLessThan(500);
      expect([404, 414, 400]).toContain(response.statusCode);
    }
    expect((await refresh(owner, sandboxId)).statusCode).toBe(404);
    expect((await refresh(other, cloudId)).statusCode).toBe(404);
    const malformed = await sapa.app.inject({
      method: 'POST',
      url: `/api/channels/whatsapp/${cloudId}/refresh`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: '{"broken',
    });
    expect(malformed.statusCode).toBeLessThan(500);
  });

  it('lets the client admins and the admin user manage numbers and refuses the other roles (403)', async () => {
    for (const email of ['adb@demo.test', 'adu@demo.test']) {
      const who = await logIn(sapa.app, email);
      const list = await sapa.app.inject({
        method: 'GET',
        url: '/api/channels/whatsapp',
        headers: who.headers,
      });
      expect(list.statusCode, email).toBe(200);
    }
    for (const email of [
      'usc@demo.test',
      'usr@demo.test',
      'usv@demo.test',
      'uso@demo.test',
      'use@demo.test',
    ]) {
      const who = await logIn(sapa.app, email);
      const list = await sapa.app.inject({
        method: 'GET',
        url: '/api/channels/whatsapp',
        headers: who.headers,
      });
      expect(list.statusCode, email).toBe(403);
      expect((await refresh(who, sandboxId)).statusCode, email).toBe(403);
    }
  });

  it('applies the quality and name webhooks of a number, then reads it again from Graph', async () => {
    described[PNID] = { ...described[PNID], quality_rating: 'RED', messaging_limit_tier: 'TIER_250' };
    const quality = await postSigned({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA,
          time: 1_790_000_000,
          changes: [
            {
              field: 'phone_number_quality_update',
              value: { display_phone_number: '623153100051', event: 'DOWNGRADE', current_limit: 'TIER_250' },
            },
          ],
        },
      ],
    });
    expect(quality.statusCode).toBe(200);
    expect((await numberOf(owner, cloudId)).messagingLimitTier).toBe('TIER_250');
    const reread = await until(async () => {
      const number = await numberOf(owner, cloudId);
      return number.qualityRating === 'RED' && number.refreshRequestedAt === null ? number : null;
    });
    expect(reread.messagingLimitTier).toBe('TIER_250');

    // Meta approved the new name: the webhook says so, and so does the read it triggers.
    described[PNID] = { ...described[PNID], verified_name: 'Toko Sapa Baru', name_status: 'APPROVED' };

    const name = await postSigned({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA,
          changes: [
            {
              field: 'phone_number_name_update',
              value: {
                display_phone_number: '623153100051',
                decision: 'APPROVED',
                requested_verified_name: 'Toko Sapa Baru',
              },
            },
          ],
        },
      ],
    });
    expect(name.statusCode).toBe(200);
    expect((await numberOf(owner, cloudId)).verifiedName).toBe('Toko Sapa Baru');
  });

  it('refuses a number webhook whose signature is not the account’s (401) and changes nothing', async () => {
    const before = await numberOf(owner, cloudId);
    const forged = await postSigned(
      {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: WABA,
            changes: [
              {
                field: 'phone_number_quality_update',
                value: {
                  display_phone_number: '623153100051',
                  event: 'UPGRADE',
                  current_limit: 'TIER_UNLIMITED',
                },
              },
            ],
          },
        ],
      },
      'someone-elses-secret',
    );
    expect(forged.statusCode).toBe(401);
    expect((await numberOf(owner, cloudId)).messagingLimitTier).toBe(before.messagingLimitTier);
  });
});
