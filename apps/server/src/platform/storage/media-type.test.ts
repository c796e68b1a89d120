import { describe, expect, it } from 'vitest';
import { storedMediaType } from './media-type.js';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PDF = Buffer.from('%PDF-1.7\n');
const OGG = Buffer.from('OggS\0\x02');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]);
const DOCX = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0]);

describe('storing a file under the type its bytes show', () => {
  it('keeps a declared type its bytes agree with', () => {
    expect(storedMediaType('image/jpeg', JPEG)).toBe('image/jpeg');
    expect(storedMediaType('application/pdf', PDF)).toBe('application/pdf');
    expect(storedMediaType('audio/ogg; codecs=opus', OGG)).toBe('audio/ogg');
    expect(storedMediaType('video/mp4', MP4)).toBe('video/mp4');
    expect(
      storedMediaType('application/vnd.openxmlformats-officedocument.wordprocessingml.document', DOCX),
    ).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(storedMediaType('text/plain', Buffer.from('Halo, ini catatan pesanan saya'))).toBe('text/plain');
  });

  it('refuses bytes that contradict the declared type', () => {
    expect(storedMediaType('image/jpeg', Buffer.from('# HELP process_cpu_user_seconds_total'))).toBeNull();
    expect(storedMediaType('image/png', JPEG)).toBeNull();
    expect(storedMediaType('application/pdf', Buffer.from('<html><script>x</script>'))).toBeNull();
    expect(storedMediaType('text/plain', PDF)).toBeNull();
    expect(storedMediaType('text/plain', Buffer.from([0x41, 0, 0x42]))).toBeNull();
  });

  it('stores a type it cannot check as a download, never as something a browser renders', () => {
    expect(storedMediaType('text/html', Buffer.from('<html></html>'))).toBe('application/octet-stream');
    expect(storedMediaType('application/vnd.android.package-archive', DOCX)).toBe('application/octet-stream');
  });
});

describe('telling a file by its bytes alone', () => {
  it('names the type the first bytes show, and none for text posing as an image', async () => {
    const { detectedMediaType } = await import('./media-type.js');
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')]);
    expect(detectedMediaType(wav)).toBe('audio/wav');
    expect(detectedMediaType(JPEG)).toBe('image/jpeg');
    expect(detectedMediaType(PDF)).toBe('application/pdf');
    expect(detectedMediaType(MP4)).toBe('video/mp4');
    expect(detectedMediaType(Buffer.from([0xff, 0xfb, 0x90, 0x00]))).toBe('audio/mpeg');
    expect(detectedMediaType(Buffer.from('not really a png'))).toBeNull();
  });
});
