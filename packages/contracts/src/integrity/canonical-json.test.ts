import { describe, expect, it } from 'vitest';
import { canonicalJson, integrityPayload } from './canonical-json.js';

describe('canonical JSON', () => {
  it('sorts keys at every depth and leaves no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 'x y', y: null }], c: true } })).toBe(
      '{"a":{"c":true,"d":[1,{"y":null,"z":"x y"}]},"b":1}',
    );
  });

  it('skips undefined properties as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('covers the body without its hash', () => {
    expect(integrityPayload({ hash: 'abc', z: 1, a: 'é' })).toBe('{"a":"é","z":1}');
  });
});
