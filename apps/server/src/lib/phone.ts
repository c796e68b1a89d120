import { DEFAULT_COUNTRY_CODE } from '@sapa/contracts';
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';

/**
 * Phone numbers, in one place (decision 0023). Pure: no I/O, so contacts, messaging, campaigns, OTP and
 * validation all call it. Customers are stored under `digits` (international, no '+': 6281234567890);
 * `e164` is the same number with '+'. A leading 0 is a national number of the default country (a client's
 * country, Indonesia unless said otherwise); any other number is international, with or without '+'.
 */

export type { CountryCode };

/** The country a national number (0812…) belongs to when the caller names none: Indonesia, +62. */
export const DEFAULT_PHONE_COUNTRY = DEFAULT_COUNTRY_CODE as CountryCode;

/** The stored form's bounds, as the inbox has always checked them (ITU E.164: at most 15 digits). */
const MIN_DIGITS = 8;
const MAX_DIGITS = 15;
/** Longer input is not a phone number however it is written; stops work on hostile input early. */
const MAX_INPUT_LENGTH = 64;
const STORED_PHONE = new RegExp(`^\\d{${MIN_DIGITS},${MAX_DIGITS}}$`);
/** What people write around the digits: spaces, dashes, dots, slashes, parentheses, one leading '+'. */
const WRITTEN_PHONE = /^\+?[\d\s().\-/]+$/;
/** A WhatsApp business-scoped user id (BSUID, e.g. `ID.1502…`) has something no phone number has. */
const PHONE_LIKE = /^[+\d\s().-]+$/;

/** Why a written value is not a phone number at all. */
export type PhoneProblem = 'empty' | 'invalid_characters' | 'too_short' | 'too_long';
/** Why a phone number, though well formed, is not valid for its country. */
export type PhoneInvalidReason = 'unknown_country' | 'wrong_length' | 'not_in_numbering_plan';

export type Phone = {
  /** International digits without '+', the form the inbox stores: 6281234567890. */
  digits: string;
  /** E.164: +6281234567890. */
  e164: string;
  /** The country the number belongs to, when its calling code and digits say. */
  country: CountryCode | null;
  /** The number fits its country's numbering plan (libphonenumber's full metadata). */
  valid: boolean;
  /** Why it is not valid; null when it is. */
  invalidReason: PhoneInvalidReason | null;
};

export type PhoneResult = { ok: true; phone: Phone } | { ok: false; reason: PhoneProblem; message: string };

const MESSAGES: Record<PhoneProblem, string> = {
  empty: 'The phone number is empty',
  invalid_characters: 'A phone number has only digits, spaces, dashes, dots, parentheses and a leading +',
  too_short: `A phone number has at least ${MIN_DIGITS} digits with its country code`,
  too_long: `A phone number has at most ${MAX_DIGITS} digits with its country code`,
};

const refuse = (reason: PhoneProblem): PhoneResult => ({ ok: false, reason, message: MESSAGES[reason] });

/** A stored country code as a phone country: a code libphonenumber does not know reads as the default (ID). */
export function phoneCountryOf(code: string | null | undefined): CountryCode {
  return code && isSupportedCountry(code) ? code : DEFAULT_PHONE_COUNTRY;
}

function callingCodeOf(country: CountryCode): string {
  return getCountryCallingCode(isSupportedCountry(country) ? country : DEFAULT_PHONE_COUNTRY);
}

/** Digits of a written number, a national one (leading 0) given the default country's calling code. */
function internationalDigits(value: string, defaultCountry: CountryCode): string {
  const digits = digitsOf(value);
  return digits.startsWith('0') ? `${callingCodeOf(defaultCountry)}${digits.slice(1)}` : digits;
}

/**
 * The stored form of a phone number as the inbox has always keyed customers: every non-digit dropped,
 * a leading 0 replaced by the default country's code. Lenient on purpose (lookups and existing
 * callers keep their behaviour); check it with `isPhoneDigits`, or use `parsePhone` for a reason.
 */
export function toPhoneDigits(value: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  return internationalDigits(value, defaultCountry);
}

/** The stored form's rule: 8 to 15 digits, nothing else. */
export function isPhoneDigits(value: string): boolean {
  return STORED_PHONE.test(value);
}

/** Every digit of a written value and nothing else: a prefix search's digits, a provider's wire form. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * Parses a written phone number: the stored digits, E.164, its country and whether it is valid there,
 * or why it is not a phone number. Accepts what the inbox accepts (8–15 digits once written out), so
 * `valid` is the stricter check for callers that send to the number (campaigns, OTP, validation).
 */
export function parsePhone(
  value: string,
  options: { defaultCountry?: CountryCode | undefined } = {},
): PhoneResult {
  const written = value.trim();
  if (written === '') return refuse('empty');
  if (written.length > MAX_INPUT_LENGTH) return refuse('too_long');
  if (!WRITTEN_PHONE.test(written)) return refuse('invalid_characters');
  const digits = internationalDigits(written, options.defaultCountry ?? DEFAULT_PHONE_COUNTRY);
  if (digits.length < MIN_DIGITS) return refuse('too_short');
  if (digits.length > MAX_DIGITS) return refuse('too_long');
  const e164 = `+${digits}`;
  // A valid number needs one parse; only an invalid one is measured for its reason (uploads parse a
  // million numbers, nearly all valid).
  const parsed = parsePhoneNumberFromString(e164);
  if (parsed?.isValid())
    return {
      ok: true,
      phone: { digits, e164, country: parsed.country ?? null, valid: true, invalidReason: null },
    };
  const length = validatePhoneNumberLength(e164);
  if (length === 'INVALID_COUNTRY')
    return {
      ok: true,
      phone: { digits, e164, country: null, valid: false, invalidReason: 'unknown_country' },
    };
  const invalidReason = length ? 'wrong_length' : 'not_in_numbering_plan';
  return { ok: true, phone: { digits, e164, country: parsed?.country ?? null, valid: false, invalidReason } };
}

/** A WhatsApp business-scoped user id rather than a phone number: kept as given, never normalised. */
export function isBusinessScopedId(address: string): boolean {
  return !PHONE_LIKE.test(address);
}

/**
 * How a customer is keyed from a channel's address: a phone number as its digits, a business-scoped user
 * id (BSUID) as it is. Channels send international numbers, so no default country applies.
 */
export function toCustomerKey(address: string): string {
  return isBusinessScopedId(address) ? address.trim() : digitsOf(address);
}
