import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import type { InboxPort } from '../../messaging/index.js';
import { createInboxPort } from '../index.js';

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PUBLIC_URL = 'https://portal.example.com';

/** Issue 11, item 11: an agent's image by link names only our own files, never another site. */
describe('agent image links', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let port: InboxPort;
  const realtime = new RecordingRealtime();
  const sender = new RecordingChannel();
  let roomId: string;
  let ownFile: string;
  let ownSharedLink: string;

  /** Both calls that send an image by link: POST /api/cs/chat and the agents' POST /api/cs/customerService. */
  const sendBoth = async (url: string) =>
    Promise.all(
      ['/api/cs/chat', '/api/cs/customerService'].map((path) =>
        sapa.app.inject({
          method: 'POST',
          url: path,
          headers: adc.headers,
          payload: { roomId, type: 'image', url },
        }),
      ),
    );

  beforeAll(async () => {
    sapa = await createTestApp({ PUBLIC_URL }, { realtime, channels: { whatsapp: sender } });
    port = createInboxPort({ realtime });
    adc = await logIn(sapa.app, 'adc@demo.test');
    await port.receiveInbound(sapa.database.db, inboundText(adc.session.clientId, '6281277770001', 'Halo'));
    const rooms = await sapa.app.inject({
      method: 'GET',
      url: '/api/cs/chatRoom?q=6281277770001&status=all',
      headers: adc.headers,
    });
    roomId = rooms.json().items[0].id;
    const boundary = '----sapa-image-link';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="roomId"\r\n\r\n${roomId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat/image',
      headers: { ...adc.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(uploaded.statusCode).toBe(201);
    ownFile = uploaded.json().url;
    await sapa.messaging.settle();
    const outbound = sender.sent.at(-1)!;
    ownSharedLink = outbound.kind === 'image' ? outbound.url : '';
  });
  afterAll(async () => sapa?.close());

  it.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,iVBORw0KGgo=',
    'https://tracker.example.net/pixel.gif?agent=1',
    'http://127.0.0.1:8080/metrics',
    '//tracker.example.net/api/files/00000000-0000-7000-8000-000000000000',
    'https://portal.example.com.evil.example/api/files/00000000-0000-7000-8000-000000000000',
    '/api/files/00000000-0000-7000-8000-000000000000',
    '/api/files/../metrics',
    `/api/files/${'-'.repeat(36)}`,
    '/api/files/shared/00000000-0000-7000-8000-000000000000/00000000-0000-7000-8000-000000000000?expires=9999999999&signature=AAAA',
  ])('refuses %s with 400 image_link_not_allowed, sending nothing', async (url) => {
    const before = sender.sent.length;
    for (const response of await sendBoth(url)) {
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('image_link_not_allowed');
    }
    await sapa.messaging.settle();
    expect(sender.sent.length).toBe(before);
  });

  it('refuses a shared link whose signature was altered', async () => {
    const forged = ownSharedLink.replace(/signature=[^&]+/, 'signature=AAAA');
    for (const response of await sendBoth(forged)) expect(errorCode(response)).toBe('image_link_not_allowed');
  });

  it('accepts our own file link and our signed link, and sends the provider a signed link', async () => {
    expect(ownFile).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    for (const url of [ownFile, `${PUBLIC_URL}${ownFile}`, ownSharedLink]) {
      for (const response of await sendBoth(url)) {
        expect(response.statusCode).toBeLessThan(300);
        expect(response.json()).toMatchObject({ type: 'image', url: ownFile });
        await sapa.messaging.settle();
        const outbound = sender.sent.at(-1)!;
        expect(outbound.kind === 'image' ? outbound.url : '').toMatch(
          /^https:\/\/portal\.example\.com\/api\/files\/shared\//,
        );
      }
    }
  });
});
