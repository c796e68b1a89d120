import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../session';

type DateInput = string | number | Date | null | undefined;

const STYLES = {
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateTimeStyle = keyof typeof STYLES;

/**
 * Formats a date in the interface language, in `timeZone` when given (else the browser's); an empty
 * or invalid value gives an em dash.
 */
export function formatDateTime(
  value: DateInput,
  locale: string,
  style: DateTimeStyle = 'dateTime',
  timeZone?: string,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  try {
    return new Intl.DateTimeFormat(locale, { ...STYLES[style], timeZone }).format(date);
  } catch {
    // A zone this browser does not know: its own zone rather than nothing.
    return new Intl.DateTimeFormat(locale, STYLES[style]).format(date);
  }
}

/**
 * `formatDateTime` bound to the current locale and the signed-in client's time zone (spec §9: times
 * read as the client's day, as the dashboards count them), re-rendering when either changes.
 */
export function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const timeZone = useSessionStore((state) => state.session?.clientInfo.timezone) || undefined;
  return useCallback(
    (value: DateInput, style?: DateTimeStyle) => formatDateTime(value, locale, style, timeZone),
    [locale, timeZone],
  );
}
