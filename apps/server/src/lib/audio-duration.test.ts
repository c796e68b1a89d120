import { describe, expect, it } from 'vitest';
import { mp3File, mp3FileMs, wavFile } from '../test/audio-fixtures.js';
import { audioDurationMs, mp3DurationMs, wavDurationMs } from './audio-duration.js';

describe('reading how long a recording plays from its headers', () => {
  it('reads a WAV file from its data chunk and byte rate', () => {
    expect(wavDurationMs(wavFile(3))).toBe(3000);
    expect(wavDurationMs(wavFile(1.5, { sampleRate: 16000, channels: 2 }))).toBe(1500);
    expect(audioDurationMs('audio/wav', wavFile(0.25, { sampleRate: 44100, bits: 8 }))).toBe(250);
  });

  it('reads an MP3 by walking its frames, behind an ID3 tag or not', () => {
    expect(mp3DurationMs(mp3File(100))).toBe(mp3FileMs(100));
    expect(mp3DurationMs(mp3File(383, { id3: true }))).toBe(mp3FileMs(383));
    expect(mp3FileMs(383)).toBeGreaterThan(9_990);
  });

  it('answers null for bytes that are not a playable file of that kind', () => {
    expect(wavDurationMs(Buffer.from('RIFF\0\0\0\0WAVEjunk'))).toBeNull();
    expect(mp3DurationMs(Buffer.from('ID3 but then plain text, no frames at all'))).toBeNull();
    expect(mp3DurationMs(Buffer.from([0xff, 0xfb, 0x90, 0x00, 1, 2, 3]))).toBeNull();
    expect(audioDurationMs('audio/ogg', wavFile(1))).toBeNull();
  });
});
