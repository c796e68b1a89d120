export * from './access/features.js';
export * from './access/log-types.js';
export * from './access/login-redirect.js';
export * from './access/roles.js';
export * from './errors.js';
export * from './identity/identity.schemas.js';
export * from './integrity/canonical-json.js';
export * from './usage/usage.schemas.js';

export const PRODUCT_VERSION = '1.72.0';
export const SESSION_MAX_DAYS = 180;
export const DEFAULT_TIMEZONE = 'Asia/Jakarta';
export const DEFAULT_COUNTRY_CODE = 'ID';
export const DEFAULT_COUNTRY_PHONE = '62';
