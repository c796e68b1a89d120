import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

type DateInput = string | number | Date | null | undefined;

const STYLES = {
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateTimeStyle = keyof typeof STYLES;

/** Formats a date in the interface language; an empty or invalid value gives an em dash. */
export function formatDateTime(value: DateInput, locale: string, style: DateTimeStyle = 'dateTime'): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, STYLES[style]).format(date);
}

/** `formatDateTime` bound to the current locale, re-rendering when the user switches language. */
export function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (value: DateInput, style?: DateTimeStyle) => formatDateTime(value, locale, style),
    [locale],
  );
}
