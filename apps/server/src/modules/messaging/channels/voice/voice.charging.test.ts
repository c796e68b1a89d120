import { describe, expect, it } from 'vitest';
import { chargedSeconds } from './voice.charging.js';

describe('chargedSeconds: a minimum, then whole increments', () => {
  it('rounds every answered call up to whole minutes on 60/60', () => {
    const tariff = { minimumSeconds: 60, incrementSeconds: 60 };
    expect(chargedSeconds(1, true, tariff)).toBe(60);
    expect(chargedSeconds(60, true, tariff)).toBe(60);
    expect(chargedSeconds(61, true, tariff)).toBe(120);
    expect(chargedSeconds(80, true, tariff)).toBe(120); // 1 m 20 s → 2 min
  });

  it('charges at least 30 s, then by 6 s, on 30/6', () => {
    const tariff = { minimumSeconds: 30, incrementSeconds: 6 };
    expect(chargedSeconds(8, true, tariff)).toBe(30);
    expect(chargedSeconds(30, true, tariff)).toBe(30);
    expect(chargedSeconds(31, true, tariff)).toBe(36);
    expect(chargedSeconds(36, true, tariff)).toBe(36);
    expect(chargedSeconds(37, true, tariff)).toBe(42);
  });

  it('rounds 8 s up to 12 s on 6/6 and charges per second on 1/1', () => {
    expect(chargedSeconds(8, true, { minimumSeconds: 6, incrementSeconds: 6 })).toBe(12);
    expect(chargedSeconds(31, true, { minimumSeconds: 1, incrementSeconds: 1 })).toBe(31);
  });

  it('charges the minimum for an answered call of 0 s, and nothing for one not answered', () => {
    expect(chargedSeconds(0, true, { minimumSeconds: 30, incrementSeconds: 6 })).toBe(30);
    expect(chargedSeconds(45, false, { minimumSeconds: 30, incrementSeconds: 6 })).toBe(0);
  });

  it('refuses a tariff without an increment', () => {
    expect(() => chargedSeconds(10, true, { minimumSeconds: 0, incrementSeconds: 0 })).toThrow();
  });
});
