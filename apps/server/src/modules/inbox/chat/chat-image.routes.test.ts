import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboundText, RecordingChannel, RecordingRealtime } from '../../../test/inbox-fakes.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';
import { DEMO_WHATSAPP } from '../../demo/index.js';
import type { InboxPort } from '../../messaging/index.js';
import { createInboxPort } from '../index.js';

/** The smallest valid PNG: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body the way a browser's FormData sends it: fields first, then the file. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----sapa-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('POST /api/cs/chat/image', () => {
  let sapa: TestApp;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let port: InboxPort;
  const realtime = new RecordingRealtime();
  const sender = new RecordingChannel();

  const upload = (
    by: LoggedIn,
    fields: Record<string, string>,
    file = { name: 'a.png', type: 'image/png', bytes: PNG },
  ) => {
    const body = multipart(fields, file);
    return sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat/image',
      headers: { ...by.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const roomFor = async (phone: string): Promise<string> => {
    await port.receiveInbound(sapa.database.db, inboundText(adc.session.clientId, phone, 'Halo'));
    const rooms = await sapa.app.inject({
      method: 'GET',
      url: `/api/cs/chatRoom?q=${phone}&status=all`,
      headers: adc.headers,
    });
    return rooms.json().items[0].id;
  };

  beforeAll(async () => {
    sapa = await createTestApp(
      { PUBLIC_URL: 'https://portal.example.com' },
      { realtime, channels: { whatsapp: sender } },
    );
    port = createInboxPort({ realtime });
    [adc, adc2] = await Promise.all([logIn(sapa.app, 'adc@demo.test'), logIn(sapa.app, 'adc2@demo.test')]);
  });
  afterAll(async () => sapa?.close());

  it('stores the image, shows our copy in the room and sends the provider a signed link', async () => {
    const roomId = await roomFor('6281288880001');
    realtime.clear();
    const sent = await upload(adc, { roomId, caption: 'Struk pembayaran' });
    expect(sent.statusCode).toBe(201);
    const message = sent.json();
    expect(message).toMatchObject({
      roomId,
      type: 'image',
      content: 'Struk pembayaran',
      fromCs: true,
      status: 'pending',
    });
    expect(message.url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);

    await sapa.messaging.settle();
    const outbound = sender.sent.at(-1)!;
    expect(outbound).toMatchObject({ kind: 'image', to: '6281288880001', caption: 'Struk pembayaran' });
    const link = outbound.kind === 'image' ? outbound.url : '';
    expect(link.startsWith('https://portal.example.com/api/files/shared/')).toBe(true);
    expect(realtime.ofType('NEW_MESSAGE')).toHaveLength(1);
    const now = await sapa.app.inject({
      method: 'GET',
      url: `/api/cs/chat/id?messageId=${message.messageId}`,
      headers: adc.headers,
    });
    expect(now.json()).toMatchObject({ status: 'sent', providerMessageId: expect.stringMatching(/^wamid/) });

    // Agents read our copy with their login; the provider reads the signed link without one.
    const own = await sapa.app.inject({ method: 'GET', url: message.url, headers: adc.headers });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG)).toBe(true);
    const path = link.replace('https://portal.example.com', '');
    const shared = await sapa.app.inject({ method: 'GET', url: path });
    expect(shared.statusCode).toBe(200);
    expect(shared.rawPayload.equals(PNG)).toBe(true);
    const forged = await sapa.app.inject({
      method: 'GET',
      url: path.replace(/signature=[^&]+/, 'signature=AAAA'),
    });
    expect(forged.statusCode).toBe(404);
    const otherClient = await sapa.app.inject({ method: 'GET', url: message.url, headers: adc2.headers });
    expect(otherClient.statusCode).toBe(404);
  });

  it('refuses a file that is not a JPEG, PNG or WebP, whatever its name says', async () => {
    const roomId = await roomFor('6281288880002');
    const before = sender.sent.length;
    const text = await upload(
      adc,
      { roomId },
      { name: 'photo.png', type: 'image/png', bytes: Buffer.from('not an image at all') },
    );
    expect(text.statusCode).toBe(400);
    expect(errorCode(text)).toBe('image_type_not_allowed');
    const gif = await upload(
      adc,
      { roomId },
      { name: 'a.gif', type: 'image/gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00') },
    );
    expect(errorCode(gif)).toBe('image_type_not_allowed');
    await sapa.messaging.settle();
    expect(sender.sent.length).toBe(before);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const roomId = await roomFor('6281288880003');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const sent = await upload(adc, { roomId }, { name: 'big.png', type: 'image/png', bytes: big });
    expect(sent.statusCode).toBe(413);
    expect(errorCode(sent)).toBe('image_too_large');
  });

  // A lone surrogate cannot travel in a UTF-8 multipart body (it arrives as U+FFFD); a NUL byte can.
  it('refuses a NUL byte in a multipart field with 400 invalid_text, sending nothing', async () => {
    const roomId = await roomFor('6281288880071');
    const before = sender.sent.length;
    const hostile: Record<string, string>[] = [
      { roomId, caption: 'Struk\u0000' },
      { roomId: `${roomId}\u0000` },
    ];
    for (const fields of hostile) {
      const refused = await upload(adc, fields);
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe('invalid_text');
    }
    await sapa.messaging.settle();
    expect(sender.sent.length).toBe(before);
  });

  it('needs a roomId and a file', async () => {
    const missing = await upload(adc, {});
    expect(missing.statusCode).toBe(400);
    const json = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat/image',
      headers: adc.headers,
      payload: { roomId: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(errorCode(json)).toBe('file_required');
  });

  it("answers 404 for another client's room and sends nothing", async () => {
    const roomId = await roomFor('6281288880004');
    const before = sender.sent.length;
    const sent = await upload(adc2, { roomId });
    expect(sent.statusCode).toBe(404);
    await sapa.messaging.settle();
    expect(sender.sent.length).toBe(before);
  });

  it('refuses an image once the 24-hour window closed', async () => {
    const roomId = await roomFor('6281288880005');
    sender.closedWindows.add('6281288880005');
    const sent = await upload(adc, { roomId });
    expect(sent.statusCode).toBe(422);
    expect(errorCode(sent)).toBe('customer_window_closed');
  });
});

describe('an uploaded image through the sandbox WhatsApp provider', () => {
  let sapa: TestApp;
  afterAll(async () => sapa?.close());

  it('reaches the sandbox customer, whose phone opens it by its signed link without a login', async () => {
    sapa = await createTestApp();
    const customer = '6281288880099';
    const base = `/api/sandbox/whatsapp/${DEMO_WHATSAPP.phoneNumberId}`;
    const typed = await sapa.app.inject({
      method: 'POST',
      url: `${base}/messages`,
      payload: { from: `+${customer}`, name: 'Dewi', text: 'Boleh minta fotonya?' },
    });
    expect(typed.statusCode).toBe(200);
    const adc = await logIn(sapa.app, 'adc@demo.test');
    const rooms = await sapa.app.inject({
      method: 'GET',
      url: `/api/cs/chatRoom?q=${customer}&status=all`,
      headers: adc.headers,
    });
    const roomId = rooms.json().items[0].id;
    const body = multipart(
      { roomId, caption: 'Ini fotonya' },
      { name: 'foto.png', type: 'image/png', bytes: PNG },
    );
    const sent = await sapa.app.inject({
      method: 'POST',
      url: '/api/cs/chat/image',
      headers: { ...adc.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(sent.statusCode).toBe(201);
    await sapa.messaging.settle();

    const phone = await sapa.app.inject({ method: 'GET', url: `${base}/conversations/${customer}` });
    const image = phone.json().messages.find((message: { type: string }) => message.type === 'image');
    expect(image).toMatchObject({ direction: 'out', text: 'Ini fotonya' });
    expect(image.mediaUrl).toMatch(/^\/api\/files\/shared\//);
    const opened = await sapa.app.inject({ method: 'GET', url: image.mediaUrl });
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PNG)).toBe(true);
  });
});
