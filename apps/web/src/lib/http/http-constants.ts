export const CSRF_HEADER = 'x-csrf-token';
export const REFRESH_PATH = '/api/auth/refreshAccessToken';
