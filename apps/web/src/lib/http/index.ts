export { ApiError, apiErrorFromBody, HTTP_ERROR, INTEGRITY_ERROR, NETWORK_ERROR } from './api-error';
export { describeError } from './describe-error';
export { CSRF_HEADER, type HttpMethod, type HttpOptions, http, REFRESH_PATH, request } from './http';
export { computeResponseHash, isResponseTrusted } from './response-integrity';
export { expireSession, SESSION_EXPIRED_NOTICE_MS } from './session-expiry';
