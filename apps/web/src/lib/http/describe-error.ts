import type { TFunction } from 'i18next';
import { ApiError, HTTP_ERROR, NETWORK_ERROR } from './api-error';

/** The sentence to show for a failed call: the server's own message, else a translated generic one. */
export function describeError(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === NETWORK_ERROR) return t('errors.network');
    if (error.code === HTTP_ERROR) return t('errors.http', { status: error.status });
    return error.message;
  }
  return t('errors.unexpected');
}
