export {
  addNamespace,
  changeLocale,
  DEFAULT_LOCALE,
  findStoredLocale,
  getCurrentLocale,
  i18n,
  i18nReady,
  isLocale,
  LOCALE_STORAGE_KEY,
  LOCALES,
  type Locale,
  loadLocale,
} from './i18n';
export { type DateTimeStyle, formatDateTime, useDateTime } from './use-date-time';
