/**
 * How long a recording plays, read from its own headers (no decoder, no ffmpeg): a WAV file's `fmt `
 * and `data` chunks, or an MP3's frame headers walked end to end. Null when the bytes are not a
 * playable file of that kind.
 */

const ascii = (bytes: Buffer, at: number, text: string) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** A RIFF/WAVE file: its data chunk's length over the byte rate its format chunk declares. */
export function wavDurationMs(bytes: Buffer): number | null {
  if (!ascii(bytes, 0, 'RIFF') || !ascii(bytes, 8, 'WAVE')) return null;
  let byteRate: number | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) return null;
      const channels = bytes.readUInt16LE(body + 2);
      const sampleRate = bytes.readUInt32LE(body + 4);
      byteRate = bytes.readUInt32LE(body + 8);
      if (channels === 0 || sampleRate === 0 || byteRate === 0) return null;
    } else if (id === 'data') {
      if (byteRate === null) return null;
      // A recorder that streamed the file may leave the size unset (0 or 0xFFFFFFFF): the rest is data.
      const available = bytes.length - body;
      const length = size === 0 || size > available ? available : size;
      return Math.round((length / byteRate) * 1000);
    }
    // Chunks are padded to an even length.
    at = body + size + (size % 2);
  }
  return null;
}

const BITRATES_KBPS: Record<string, number[]> = {
  '1-1': [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  '1-2': [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  '1-3': [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  '2-1': [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  '2-2': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  '2-3': [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000], // MPEG-1
  2: [22050, 24000, 16000], // MPEG-2
  0: [11025, 12000, 8000], // MPEG-2.5
};

export type Mp3Frame = { length: number; samples: number; sampleRate: number };

/** The MPEG audio frame whose header starts at `at`, or null when none does. */
export function mp3FrameAt(bytes: Buffer, at: number): Mp3Frame | null {
  if (at + 4 > bytes.length) return null;
  const b1 = bytes[at + 1]!;
  const b2 = bytes[at + 2]!;
  if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  if (versionBits === 1 || layerBits === 0) return null;
  const layer = 4 - layerBits; // 1, 2 or 3
  const family = versionBits === 3 ? 1 : 2;
  const bitrate = BITRATES_KBPS[`${family}-${layer}`]![b2 >> 4];
  const sampleRate = SAMPLE_RATES[versionBits]![(b2 >> 2) & 3];
  // Index 0 is "free format" and 15 is invalid: neither can be walked.
  if (!bitrate || !sampleRate) return null;
  const padding = (b2 >> 1) & 1;
  if (layer === 1) {
    return {
      length: (Math.floor((12 * bitrate * 1000) / sampleRate) + padding) * 4,
      samples: 384,
      sampleRate,
    };
  }
  const samples = layer === 3 && family === 2 ? 576 : 1152;
  const length = Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding;
  return { length, samples, sampleRate };
}

/** Where the audio starts after an ID3v2 tag (its size is four 7-bit bytes; a footer adds ten). */
function afterId3(bytes: Buffer): number {
  if (!ascii(bytes, 0, 'ID3') || bytes.length < 10) return 0;
  const size = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
  const footer = (bytes[5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/**
 * An MP3's length: every frame from the first to the last, each header giving its own length and
 * sample count (so variable bit rates count right). The first frame must be followed by another (or
 * the end), so stray `FF Ex` bytes are not taken for audio. A Xing/Info frame carries no sound.
 */
export function mp3DurationMs(bytes: Buffer): number | null {
  let at = afterId3(bytes);
  // Find the first frame that a second one follows (or that ends the file).
  let first: Mp3Frame | null = null;
  for (; at + 4 <= bytes.length; at++) {
    const frame = mp3FrameAt(bytes, at);
    if (!frame) continue;
    const next = at + frame.length;
    if (next === bytes.length || (next < bytes.length && mp3FrameAt(bytes, next))) {
      first = frame;
      break;
    }
  }
  if (!first) return null;
  let seconds = 0;
  let frames = 0;
  let frame: Mp3Frame | null = first;
  while (frame && at + frame.length <= bytes.length) {
    const head = bytes.subarray(at, Math.min(at + 64, bytes.length));
    const silentHeader = frames === 0 && (head.includes('Xing') || head.includes('Info'));
    if (!silentHeader) seconds += frame.samples / frame.sampleRate;
    frames++;
    at += frame.length;
    frame = mp3FrameAt(bytes, at);
  }
  return frames > 0 ? Math.round(seconds * 1000) : null;
}

/** The duration of a recording of the given type, or null when its bytes cannot be read as one. */
export function audioDurationMs(mimeType: string, bytes: Buffer): number | null {
  if (mimeType === 'audio/wav') return wavDurationMs(bytes);
  if (mimeType === 'audio/mpeg') return mp3DurationMs(bytes);
  return null;
}
