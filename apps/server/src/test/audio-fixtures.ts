/**
 * Small real recordings built in the test: a PCM WAV file (silence, with its RIFF/fmt/data chunks) and
 * an MP3 made of MPEG-1 Layer III frames (silent frames, each with a real header), optionally behind an
 * ID3v2 tag.
 */
export function wavFile(
  seconds: number,
  options: { sampleRate?: number; channels?: number; bits?: number } = {},
) {
  const sampleRate = options.sampleRate ?? 8000;
  const channels = options.channels ?? 1;
  const bits = options.bits ?? 16;
  const blockAlign = (channels * bits) / 8;
  const data = Math.round(seconds * sampleRate) * blockAlign;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * blockAlign, 28);
  header.writeUInt16LE(blockAlign, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** MPEG-1 Layer III at 128 kbit/s, 44.1 kHz: 1152 samples (26.12 ms) per 417-byte frame. */
export function mp3File(frames: number, options: { id3?: boolean } = {}) {
  const frame = () => {
    const bytes = Buffer.alloc(417);
    bytes[0] = 0xff;
    bytes[1] = 0xfb; // MPEG-1, Layer III, no CRC
    bytes[2] = (9 << 4) | (0 << 2) | (0 << 1); // 128 kbit/s, 44100 Hz, no padding
    bytes[3] = 0xc0; // mono
    return bytes;
  };
  const parts = Array.from({ length: frames }, frame);
  if (options.id3) {
    const tag = Buffer.alloc(10 + 20);
    tag.write('ID3', 0, 'latin1');
    tag[3] = 4;
    tag[9] = 20; // syncsafe size 20
    parts.unshift(tag);
  }
  return Buffer.concat(parts);
}

/** How long `mp3File(frames)` plays, in milliseconds. */
export const mp3FileMs = (frames: number) => Math.round(((frames * 1152) / 44100) * 1000);
