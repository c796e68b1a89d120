import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../lib/ids.js';
import { mp3File, mp3FileMs, wavFile } from '../../../test/audio-fixtures.js';
import { multipartFile } from '../../../test/multipart.js';
import { QUICK_SANDBOX } from '../../../test/sandbox-channels.js';
import { createTestApp, errorCode, type LoggedIn, logIn, type TestApp } from '../../../test/test-app.js';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0'),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe('the resources library: files a channel area keeps, told by their bytes', () => {
  let sapa: TestApp;
  let dataDir: string;
  let adc: LoggedIn;
  let adc2: LoggedIn;
  let usc: LoggedIn;
  const as = (who: LoggedIn, method: InjectOptions['method'], url: string, payload?: object) =>
    sapa.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const upload = (
    who: LoggedIn,
    channel: string,
    fileName: string,
    bytes: Buffer,
    type = 'application/octet-stream',
    name?: string,
  ) => {
    const body = multipartFile(fileName, bytes, type, { channel, ...(name ? { name } : {}) });
    return sapa.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...who.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sapa-resources-'));
    // The quick sandbox fails nothing: a recording call placed must be placed, not a random busy line.
    sapa = await createTestApp(
      { LOGIN_RATE_LIMIT_PER_MINUTE: '1000', DATA_DIR: dataDir },
      { sandbox: QUICK_SANDBOX },
    );
    await sapa.jobs.start({ work: false });
    [adc, adc2, usc] = (await Promise.all(
      ['adc@demo.test', 'adc2@demo.test', 'usc@demo.test'].map((email) => logIn(sapa.app, email)),
    )) as [LoggedIn, LoggedIn, LoggedIn];
  });
  afterAll(async () => {
    await sapa?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps an image under the type its bytes show, lists it, renames it and serves it back', async () => {
    const created = await upload(adc, 'WHATSAPP', 'logo.bin', PNG, 'application/octet-stream', 'Shop logo');
    expect(created.statusCode).toBe(201);
    const logo = created.json();
    expect(logo).toMatchObject({
      channel: 'WHATSAPP',
      name: 'Shop logo',
      kind: 'image',
      mimeType: 'image/png',
    });
    expect(logo.durationMs).toBeNull();
    const brochure = (await upload(adc, 'WHATSAPP', 'brochure.pdf', PDF, 'application/pdf')).json();
    expect(brochure).toMatchObject({ name: 'brochure.pdf', kind: 'document', mimeType: 'application/pdf' });

    const all = (await as(adc, 'GET', '/api/resources?channel=WHATSAPP')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((item: { name: string }) => item.name)).toEqual(['brochure.pdf', 'Shop logo']);
    const images = (await as(adc, 'GET', '/api/resources?channel=WHATSAPP&kind=image')).json();
    expect(images.items.map((item: { id: string }) => item.id)).toEqual([logo.id]);
    const found = (await as(adc, 'GET', '/api/resources?channel=WHATSAPP&search=BROCH')).json();
    expect(found.items.map((item: { id: string }) => item.id)).toEqual([brochure.id]);
    const second = (await as(adc, 'GET', '/api/resources?channel=WHATSAPP&pageSize=1&pageNumber=1')).json();
    expect(second).toMatchObject({ total: 2, pageSize: 1, pageNumber: 1 });
    expect(second.items.map((item: { id: string }) => item.id)).toEqual([logo.id]);
    // Another area's library is its own.
    expect((await as(adc, 'GET', '/api/resources?channel=SMS')).json().total).toBe(0);

    const renamed = await as(adc, 'PATCH', `/api/resources/${logo.id}`, { name: 'Logo 2027' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Logo 2027');
    const content = await as(adc, 'GET', `/api/resources/${logo.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/png');
    expect(content.headers['content-disposition']).toContain('Logo%202027.png');
    expect(content.rawPayload.equals(PNG)).toBe(true);

    const again = await upload(adc, 'WHATSAPP', 'same.png', PNG, 'image/png');
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('resource_exists');
  });

  it('refuses a file whose bytes are not what its name says, or not a type of the area', async () => {
    const fake = await upload(
      adc,
      'WHATSAPP',
      'photo.png',
      Buffer.from('just some text, not a picture'),
      'image/png',
    );
    expect(fake.statusCode).toBe(400);
    expect(errorCode(fake)).toBe('unsupported_media_type');
    expect(fake.json().error.message).toContain('contents were checked');
    const pngForVoice = await upload(adc, 'VOICE', 'call.wav', PNG, 'audio/wav');
    expect(pngForVoice.statusCode).toBe(400);
    expect(pngForVoice.json().error.message).toContain('WAV or MP3');
    const mp4ForSms = await upload(
      adc,
      'SMS',
      'clip.mp4',
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]),
    );
    expect(mp4ForSms.statusCode).toBe(400);
    const brokenMp3 = await upload(
      adc,
      'VOICE',
      'x.mp3',
      Buffer.concat([Buffer.from('ID3'), Buffer.from('plain text')]),
    );
    expect(brokenMp3.statusCode).toBe(400);
    expect(brokenMp3.json().error.message).toContain('MP3');
    const nulName = await upload(adc, 'SMS', 'a.pdf', PDF, 'application/pdf', 'bad\u0000name');
    expect(nulName.statusCode).toBe(400);
    const badChannel = await upload(adc, 'FAX', 'a.pdf', PDF);
    expect(badChannel.statusCode).toBe(400);
    expect((await as(adc, 'GET', '/api/resources?channel=WHATSAPP')).json().total).toBe(2);
  });

  it('refuses a file over its kind’s size limit, and anything over the upload limit', async () => {
    const bigImage = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const image = await upload(adc, 'EMAIL', 'big.png', bigImage, 'image/png');
    expect(image.statusCode).toBe(413);
    expect(errorCode(image)).toBe('file_too_large');
    expect(image.json().error.message).toBe('A image resource can be at most 5 MB.');
    const huge = await upload(adc, 'EMAIL', 'huge.pdf', Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect((await as(adc, 'GET', '/api/resources?channel=EMAIL')).json().total).toBe(0);
  });

  it('reads a recording’s duration from the WAV or MP3 file itself', async () => {
    const wav = await upload(adc, 'VOICE', 'greeting.wav', wavFile(3), 'audio/x-wav');
    expect(wav.statusCode).toBe(201);
    expect(wav.json()).toMatchObject({ kind: 'audio', mimeType: 'audio/wav', durationMs: 3000 });
    const mp3 = await upload(adc, 'VOICE', 'reminder.mp3', mp3File(230, { id3: true }), 'audio/mpeg');
    expect(mp3.statusCode).toBe(201);
    expect(mp3.json()).toMatchObject({ mimeType: 'audio/mpeg', durationMs: mp3FileMs(230) });
    expect(mp3.json().durationMs).toBeGreaterThan(6000);
  });

  it("answers 404 for another client's resource, and keeps people without campaign rights out", async () => {
    const mine = (await upload(adc, 'SMS', 'terms.pdf', Buffer.from('%PDF-1.7\nterms'))).json();
    for (const [method, url, payload] of [
      ['GET', `/api/resources/${mine.id}`],
      ['GET', `/api/resources/${mine.id}/content`],
      ['PATCH', `/api/resources/${mine.id}`, { name: 'taken' }],
      ['DELETE', `/api/resources/${mine.id}`],
      ['GET', `/api/resources/${newId()}`],
      ['GET', '/api/resources/not-an-id'],
    ] as const) {
      const answer = await as(adc2, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(errorCode(answer)).toBe('resource_not_found');
    }
    // Second Client has WhatsApp: its library is its own.
    expect((await as(adc2, 'GET', '/api/resources?channel=WHATSAPP')).json().total).toBe(0);
    expect((await as(adc, 'GET', '/api/resources?channel=WHATSAPP')).json().total).toBeGreaterThan(0);
    // A customer-service agent works on no campaign channel.
    expect((await as(usc, 'GET', '/api/resources?channel=SMS')).statusCode).toBe(403);
    expect((await upload(usc, 'SMS', 'x.pdf', PDF)).statusCode).toBe(403);
    expect((await as(adc, 'GET', `/api/resources/${mine.id}`)).json().name).toBe('terms.pdf');
  });

  it('plays a recording in a voice campaign, and refuses to delete it while the campaign uses it', async () => {
    const recording = (await upload(adc, 'VOICE', 'promo.wav', wavFile(2, { sampleRate: 16000 }))).json();
    const campaign = (template: object, code: string, who = adc) =>
      as(who, 'POST', '/api/campaigns', {
        code,
        channel: 'VOICE',
        name: `Recording ${code}`,
        template: { channel: 'VOICE', language: 'id-ID', ...template },
        paramTranslator: { recipient: 'phone', rules: [{ from: 'Phone', to: 'phone', kind: 'phone' }] },
      });
    const both = await campaign({ script: 'Halo', recordingFileId: recording.fileId }, 'REC-0');
    expect(both.statusCode).toBe(400);
    // Only a voice resource of the client plays: a WhatsApp image, or an unknown file, is not one.
    const image = (await as(adc, 'GET', '/api/resources?channel=WHATSAPP&kind=image')).json().items[0];
    for (const fileId of [image.fileId, newId(), 'x'.repeat(64)]) {
      const stranger = await campaign({ recordingFileId: fileId }, 'REC-X');
      expect(stranger.statusCode).toBe(404);
      expect(errorCode(stranger)).toBe('recording_not_found');
    }
    const created = await campaign({ recordingFileId: recording.fileId }, 'REC-1');
    expect(created.statusCode).toBe(201);

    const refused = await as(adc, 'DELETE', `/api/resources/${recording.id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('resource_in_use');
    expect(refused.json().error.message).toContain('campaign REC-1');

    const unused = (await upload(adc, 'VOICE', 'spare.wav', wavFile(1))).json();
    const deleted = await as(adc, 'DELETE', `/api/resources/${unused.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true });
    expect((await as(adc, 'GET', `/api/resources/${unused.id}`)).statusCode).toBe(404);
  });

  it('sends a recording call with a signed link the sandbox gateway plays, and refuses one it cannot fetch', async () => {
    const recording = (await upload(adc, 'VOICE', 'notice.wav', wavFile(4))).json();
    const voice = sapa.channels.get('voice');
    const call = (clientId: string, recordingFileId: string) =>
      voice.send({
        clientId,
        channel: 'voice',
        to: '6281234500001',
        kind: 'voice',
        script: null,
        recordingFileId,
        language: null,
        idempotencyKey: newId(),
      });
    const placed = await call(adc.session.clientId, recording.fileId);
    expect(placed.providerMessageId).toMatch(/^CA/);
    // Another client's file, or one that does not exist: the link leads nowhere.
    await expect(call(adc2.session.clientId, recording.fileId)).rejects.toMatchObject({
      code: 'recording_not_reachable',
    });
    await expect(call(adc.session.clientId, newId())).rejects.toMatchObject({
      code: 'recording_not_reachable',
    });
  });
});
