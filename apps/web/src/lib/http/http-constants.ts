import { identityOperations } from '@sapa/contracts';
export const CSRF_HEADER = 'x-csrf-token';
export const REFRESH_PATH = identityOperations.refreshAccessToken.path;
