export {
  changeLocale,
  DEFAULT_LOCALE,
  findStoredLocale,
  getCurrentLocale,
  i18n,
  isLocale,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
} from './i18n';
export { type DateTimeStyle, formatDateTime, useDateTime } from './use-date-time';
