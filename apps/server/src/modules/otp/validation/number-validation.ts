import {
  DEFAULT_COUNTRY_CODE,
  type NumberType,
  type NumberValidation,
  type ValidationError,
} from '@sapa/contracts';
import {
  type CountryCode,
  getCountryCallingCode,
  isSupportedCountry,
  type PhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
} from 'libphonenumber-js/max';
import { digitsOf } from '../../../lib/phone.js';

/** What people write around the digits: spaces, dashes, dots, slashes, parentheses, one leading '+'. */
const WRITTEN = /^\+?[\d\s().\-/]+$/;
const MAX_INPUT = 64;

const LENGTH_ERRORS: Record<string, ValidationError> = {
  INVALID_COUNTRY: 'INVALID_COUNTRY_CODE',
  NOT_A_NUMBER: 'NOT_A_NUMBER',
  TOO_SHORT: 'TOO_SHORT',
  TOO_LONG: 'TOO_LONG',
  INVALID_LENGTH: 'INVALID_LENGTH',
};

const answer = (input: string, error: ValidationError, parsed?: PhoneNumber): NumberValidation => ({
  input,
  valid: false,
  e164: parsed?.number ?? null,
  nationalFormat: parsed ? parsed.formatNational() : null,
  country: parsed?.country ?? null,
  type: null,
  error,
});

/**
 * How a written number is read (the platform's rule, `lib/phone.ts`, made country-aware): '+' or '00'
 * international; a leading 0 national in the given country; other digits international when they start
 * with the country's calling code and make a valid number that way, national otherwise.
 */
function candidates(written: string, country: CountryCode): string[] {
  const digits = digitsOf(written);
  if (written.startsWith('+')) return [`+${digits}`];
  if (digits.startsWith('00')) return [`+${digits.slice(2)}`];
  if (digits.startsWith('0')) return [digits];
  return digits.startsWith(getCountryCallingCode(country)) ? [`+${digits}`, digits] : [digits, `+${digits}`];
}

function check(text: string, country: CountryCode, input: string): NumberValidation {
  const length = validatePhoneNumberLength(text, country);
  const parsed = parsePhoneNumberFromString(text, country);
  if (length) return answer(input, LENGTH_ERRORS[length] ?? 'NOT_A_NUMBER', parsed);
  if (!parsed) return answer(input, 'NOT_A_NUMBER');
  if (!parsed.isValid()) return answer(input, 'INVALID_BUT_POSSIBLE', parsed);
  return {
    input,
    valid: true,
    e164: parsed.number,
    nationalFormat: parsed.formatNational(),
    country: parsed.country ?? null,
    type: (parsed.getType()?.toLowerCase() as NumberType | undefined) ?? 'unknown',
    error: null,
  };
}

/**
 * Validates one number offline with libphonenumber-js's full (`max`) metadata, answering Twilio
 * Lookup's vocabulary (decision 0029). Pure, so the public API, the portal runs and the bench share it.
 */
export function validateNumber(input: string, country: string = DEFAULT_COUNTRY_CODE): NumberValidation {
  const written = input.trim();
  if (written === '' || written.length > MAX_INPUT || !WRITTEN.test(written))
    return answer(input, 'NOT_A_NUMBER');
  const home = (isSupportedCountry(country) ? country : DEFAULT_COUNTRY_CODE) as CountryCode;
  const [first, second] = candidates(written, home).map((text) => check(text, home, input));
  if (first!.valid || !second) return first!;
  return second.valid ? second : first!;
}
