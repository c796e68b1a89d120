import { describe, expect, it } from 'vitest';
import {
  type CountryCode,
  digitsOf,
  isBusinessScopedId,
  isPhoneDigits,
  parsePhone,
  toCustomerKey,
  toPhoneDigits,
} from './phone.js';

const parsedDigits = (value: string, defaultCountry?: CountryCode) => {
  const result = parsePhone(value, { defaultCountry });
  return result.ok ? result.phone.digits : result.reason;
};

describe('phone', () => {
  it('reads a local 08… number as Indonesian by default', () => {
    const result = parsePhone('081234567890');
    expect(result).toEqual({
      ok: true,
      phone: {
        digits: '6281234567890',
        e164: '+6281234567890',
        country: 'ID',
        valid: true,
        invalidReason: null,
      },
    });
  });

  it('gives the same digits for +62, 62 and 0 written with spaces, dashes, dots and parentheses', () => {
    for (const written of [
      '+6281234567890',
      '6281234567890',
      '+62 812-3456-7890',
      '(0812) 3456 7890',
      '0812.3456.7890',
      ' 0812-3456-7890 ',
      '+62 (812) 3456/7890',
    ])
      expect(parsedDigits(written), written).toBe('6281234567890');
  });

  it('reads a leading 0 in the client’s country when one is given', () => {
    expect(parsedDigits('07911 123456', 'GB')).toBe('447911123456');
    expect(parsedDigits('081234567890', 'SG')).toBe('6581234567890');
  });

  it('keeps other countries’ international numbers and names their country', () => {
    const cases = [
      ['+1 202 555 0123', '12025550123', 'US'],
      ['+44 20 7183 8750', '442071838750', 'GB'],
      ['+65 9123 4567', '6591234567', 'SG'],
      ['65 9123 4567', '6591234567', 'SG'],
    ] as const;
    for (const [written, digits, country] of cases) {
      const result = parsePhone(written);
      expect(result.ok && result.phone, written).toMatchObject({
        digits,
        e164: `+${digits}`,
        country,
        valid: true,
      });
    }
  });

  it('accepts a well-formed number that its country does not use, saying why it is not valid', () => {
    expect(parsePhone('+999 1234 5678')).toMatchObject({
      ok: true,
      phone: { digits: '99912345678', country: null, valid: false, invalidReason: 'unknown_country' },
    });
    expect(parsePhone('+1 555 123 4567')).toMatchObject({ ok: true, phone: { valid: false } });
    expect(parsePhone('6281200')).toMatchObject({ ok: false, reason: 'too_short' });
    expect(parsePhone('62812000')).toMatchObject({
      ok: true,
      phone: { digits: '62812000', valid: false, invalidReason: 'wrong_length' },
    });
  });

  it('refuses too short and too long numbers', () => {
    expect(parsePhone('12')).toMatchObject({ ok: false, reason: 'too_short' });
    expect(parsePhone('0812')).toMatchObject({ ok: false, reason: 'too_short' });
    expect(parsePhone('+62 8123 4567 8901 23')).toMatchObject({ ok: false, reason: 'too_long' });
    expect(parsePhone('1'.repeat(200))).toMatchObject({ ok: false, reason: 'too_long' });
    // 15 digits is E.164's limit and still a phone number; 16 is not.
    expect(parsePhone('621234567890123').ok).toBe(true);
    expect(parsePhone('6212345678901234')).toMatchObject({ ok: false, reason: 'too_long' });
  });

  it('refuses letters, NUL, other scripts’ digits and empty input with a reason and a message', () => {
    for (const written of [
      '0812abc34567',
      'call 081234567890',
      '0812\u00003456789',
      '０８１２３４５６７８９０',
      '٠٨١٢٣٤٥٦٧٨٩٠',
      '0812\u202e34567890',
      '62+81234567890',
    ]) {
      const result = parsePhone(written);
      expect(result, JSON.stringify(written)).toMatchObject({ ok: false, reason: 'invalid_characters' });
      expect(result.ok === false && result.message).toMatch(/digits/);
    }
    expect(parsePhone('')).toMatchObject({ ok: false, reason: 'empty' });
    expect(parsePhone('   ')).toMatchObject({ ok: false, reason: 'empty' });
  });

  it('keeps the inbox’s stored form: every non-digit dropped, a leading 0 becomes 62', () => {
    expect(toPhoneDigits('+62 812-3456')).toBe('628123456');
    expect(toPhoneDigits('0812 3456')).toBe('628123456');
    expect(toPhoneDigits('6281234567890')).toBe('6281234567890');
    expect(toPhoneDigits('+1 (202) 555-0123')).toBe('12025550123');
    expect(toPhoneDigits('')).toBe('');
    expect(toPhoneDigits('07911 123456', 'GB')).toBe('447911123456');
    expect(isPhoneDigits('12345678')).toBe(true);
    expect(isPhoneDigits('1234567')).toBe(false);
    expect(isPhoneDigits('1234567890123456')).toBe(false);
    expect(isPhoneDigits('+6281234567')).toBe(false);
  });

  it('keeps only the digits of a partial number for a prefix search', () => {
    expect(digitsOf('+62 812-')).toBe('62812');
    expect(digitsOf('08')).toBe('08');
  });

  it('keys a customer by phone digits, or by a business-scoped user id as it is', () => {
    expect(toCustomerKey('+62 812-3456-7890')).toBe('6281234567890');
    expect(toCustomerKey(' ID.1502384736 ')).toBe('ID.1502384736');
    expect(isBusinessScopedId('ID.1502384736')).toBe(true);
    expect(isBusinessScopedId('+62 812 3456')).toBe(false);
  });
});
