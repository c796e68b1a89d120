import { identityOperations } from '@sapa/contracts/identity';
export const CSRF_HEADER = 'x-csrf-token';
export const REFRESH_PATH = identityOperations.refreshAccessToken.path;
