import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_FEATURES_MASK,
  FEATURE_BITS,
  featureFlagsFromMask,
  featureMaskFromFlags,
  hasFeature,
} from './features.js';

describe('feature bits', () => {
  it('match the values of the spec table', () => {
    expect(FEATURE_BITS).toEqual({
      KAN: 1,
      OTP: 2,
      CS: 4,
      EMAIL: 8,
      SMS: 16,
      VOICE: 32,
      WHATSAPP: 64,
      VALIDATION: 128,
      CATALOG: 256,
      TELEGRAM: 512,
      VERIFY: 1024,
      CALL_CENTER: 2048,
    });
    expect(ALL_FEATURES_MASK).toBe(4095);
  });

  it('turn a mask into the flags it holds, in bit order', () => {
    expect(featureFlagsFromMask(0)).toEqual([]);
    expect(featureFlagsFromMask(2 + 4 + 64)).toEqual(['OTP', 'CS', 'WHATSAPP']);
    expect(featureFlagsFromMask(4096 + 1)).toEqual(['KAN']);
  });

  it('round-trip any 12-bit mask through the flag list', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4095 }), (mask) => {
        expect(featureMaskFromFlags(featureFlagsFromMask(mask))).toBe(mask);
      }),
    );
  });

  it('count a repeated flag once', () => {
    expect(featureMaskFromFlags(['SMS', 'SMS', 'OTP'])).toBe(18);
  });

  it('answer whether a feature is on from a mask or a list', () => {
    expect(hasFeature(64, 'WHATSAPP')).toBe(true);
    expect(hasFeature(64, 'CS')).toBe(false);
    expect(hasFeature(['CS'], 'CS')).toBe(true);
  });
});
