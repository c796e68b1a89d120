import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../../platform/secrets.js';
import {
  createTestApp,
  errorCode,
  type LoggedIn,
  logIn,
  TEST_SECRET,
  type TestApp,
} from '../../../test/test-app.js';
import { isBlacklisted } from '../../contacts/index.js';
import { createEmailChannel, withUnsubscribeLinks } from '../../messaging/channels/email/email.channel.js';
import { smtpProviderType } from '../../messaging/channels/email/smtp.provider.js';
import { renderMessage } from '../dispatch/render-message.js';
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-link.js';

const PUBLIC_URL = 'https://portal.example.com';

describe('the unsubscribe link of campaign mail', () => {
  const key = deriveKeys(TEST_SECRET).unsubscribe;
  const received: string[] = [];
  let relay: SMTPServer;
  let relayPort = 0;
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;

  beforeAll(async () => {
    relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    relayPort = (relay.server.address() as AddressInfo).port;
    sapa = await createTestApp({ PUBLIC_URL, LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    adc = await logIn(sapa.app, 'adc@demo.test');
    adc2 = await logIn(sapa.app, 'adc2@demo.test');
  });
  afterAll(async () => {
    await sapa?.close();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
  });

  const pathOf = (url: string) => url.slice(PUBLIC_URL.length);

  it('goes out in the headers and body of a campaign email over SMTP, and one click blacklists the address', async () => {
    const db = sapa.database.db;
    const clientId = adc.session.clientId;
    const provider = smtpProviderType.create(
      {
        settings: smtpProviderType.settings.parse({
          host: '127.0.0.1',
          port: relayPort,
          fromAddress: 'news@bank.example',
        }),
        secrets: { password: '', dkimPrivateKey: '' },
      },
      {
        clientId,
        providerId: 'p1',
        log: { info() {}, warn() {}, error() {} },
        observe() {},
      },
    );
    const channel = withUnsubscribeLinks(
      createEmailChannel({ db, statuses: { applyStatus: async () => true }, provider }),
      (id, address) => unsubscribeUrl(key, PUBLIC_URL, { clientId: id, address }),
    );
    const content = renderMessage(
      { channel: 'EMAIL', subject: 'Promo for {{name}}', html: '<p>Hi {{name}}</p>', text: null } as never,
      { name: 'Sari' },
    );
    expect(content).toMatchObject({ kind: 'email', unsubscribe: true });
    await channel.send({
      clientId,
      channel: 'email',
      to: 'sari@example.com',
      ...(content as object),
    } as never);
    await provider.close();

    const raw = received.at(-1)!;
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(headers)?.[1];
    expect(link).toBe(unsubscribeUrl(key, PUBLIC_URL, { clientId, address: 'sari@example.com' }));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // The text part is quoted-printable: soft line breaks and '=' as =3D.
    expect(raw.replace(/=\r\n/g, '').replace(/=3D/g, '=')).toContain(`Unsubscribe: ${link}`);

    const page = await sapa.app.inject({ method: 'GET', url: pathOf(link!) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('sari@example.com');
    expect(page.body).toContain('<form method="post">');
    // Opening the link (a mail scanner does) changes nothing.
    expect(await isBlacklisted(db, clientId, 'email', ['sari@example.com'])).toEqual(new Set());

    const oneClick = () =>
      sapa.app.inject({
        method: 'POST',
        url: pathOf(link!),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const done = await oneClick();
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await isBlacklisted(db, clientId, 'email', ['sari@example.com'])).toEqual(
      new Set(['sari@example.com']),
    );
    expect((await oneClick()).statusCode).toBe(200);

    const listed = await sapa.app.inject({
      method: 'GET',
      url: '/api/blacklist?mediaType=EMAIL&search=sari',
      headers: adc.headers,
    });
    expect(listed.json().items).toEqual([
      expect.objectContaining({
        mediaType: 'EMAIL',
        email: 'sari@example.com',
        reason: 'Unsubscribed with the link in an email',
      }),
    ]);
    // Only this client's list: the other client still mails the address.
    expect(await isBlacklisted(db, adc2.session.clientId, 'email', ['sari@example.com'])).toEqual(new Set());
  });

  it('answers 404 to a link that was not signed for this client and address', async () => {
    const clientId = adc.session.clientId;
    const token = unsubscribeToken(key, { clientId, address: 'budi@example.com' });
    const [payload, signature] = token.split('.');
    const otherClient = Buffer.from(`${adc2.session.clientId}\nbudi@example.com`).toString('base64url');
    const otherKey = unsubscribeToken(
      deriveKeys('another-secret-key-that-is-long-enough-000000').unsubscribe,
      {
        clientId,
        address: 'budi@example.com',
      },
    );
    for (const bad of [
      `${otherClient}.${signature}`,
      `${payload}.${'A'.repeat(43)}`,
      otherKey,
      'not-a-token',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await sapa.app.inject({ method, url: `/unsubscribe?t=${bad}` });
        expect(response.statusCode, `${method} ${bad}`).toBe(404);
        expect(errorCode(response)).toBe('unsubscribe_link_not_found');
      }
    }
    const hostile = await sapa.app.inject({
      method: 'POST',
      url: `/unsubscribe?t=${payload}.${signature}%00`,
    });
    expect(hostile.statusCode).toBeGreaterThanOrEqual(400);
    expect(hostile.statusCode).toBeLessThan(500);
    expect(
      await isBlacklisted(sapa.database.db, adc2.session.clientId, 'email', ['budi@example.com']),
    ).toEqual(new Set());
  });
});
