import { DEFAULT_COUNTRY_PHONE } from '@sapa/contracts';

/** Digits only, international without '+': '+62 812-3456' and '0812 3456' both give '628123456'. */
export function normalizePhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.startsWith('0') ? `${DEFAULT_COUNTRY_PHONE}${digits.slice(1)}` : digits;
}

export function isPhoneNumber(value: string): boolean {
  return /^\d{8,15}$/.test(value);
}
