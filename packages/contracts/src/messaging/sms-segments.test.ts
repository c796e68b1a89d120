import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments.js';

describe('smsSegments: GSM-7 and UCS-2 parts of an SMS', () => {
  it('fits 160 GSM-7 characters in one message and splits 161 into two parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306))).toEqual({ encoding: 'GSM-7', units: 306, segments: 2 });
    expect(smsSegments('a'.repeat(307))).toEqual({ encoding: 'GSM-7', units: 307, segments: 3 });
  });

  it('counts an extension character (€ [ ] { } \\ ^ ~ |) as two septets', () => {
    expect(smsSegments('€')).toEqual({ encoding: 'GSM-7', units: 2, segments: 1 });
    expect(smsSegments(`${'a'.repeat(158)}€`)).toMatchObject({ units: 160, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
    expect(smsSegments('[]{}\\^~|')).toMatchObject({ encoding: 'GSM-7', units: 16 });
  });

  it('never cuts an escape pair across two parts', () => {
    // 152 septets, then € (2) would end at 154 > 153: it opens the second part, which then holds
    // 2 + 151, and the last septet needs a third, though 306 septets divide into two parts of 153.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsSegments(text)).toEqual({ encoding: 'GSM-7', units: 306, segments: 3 });
  });

  it('keeps GSM accents (é, ñ, Ä) and line breaks in GSM-7', () => {
    expect(smsSegments('Café Ñandu\nÄrger @ £5')).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('switches the whole message to UCS-2 for one emoji, which counts two units', () => {
    expect(smsSegments(`${'a'.repeat(20)}😀`)).toEqual({ encoding: 'UCS-2', units: 22, segments: 1 });
    expect(smsSegments('a'.repeat(70))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments(`${'a'.repeat(68)}😀`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`${'a'.repeat(69)}😀`)).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
  });

  it('splits UCS-2 into parts of 67 without cutting a surrogate pair', () => {
    expect(smsSegments(`${'ä'.repeat(69)}ç`)).toMatchObject({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('ç'.repeat(134))).toEqual({ encoding: 'UCS-2', units: 134, segments: 2 });
    expect(smsSegments('ç'.repeat(135))).toEqual({ encoding: 'UCS-2', units: 135, segments: 3 });
    // 66 units, then an emoji (2) would end at 68 > 67: it opens the second part.
    expect(smsSegments(`${'ç'.repeat(66)}😀${'ç'.repeat(60)}`)).toEqual({
      encoding: 'UCS-2',
      units: 128,
      segments: 2,
    });
  });

  it('counts an empty text as one message', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', units: 0, segments: 1 });
  });
});
