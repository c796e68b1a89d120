export { onTrialExpired, reportTrialExpired } from './access-events';
export { setAgentOfflineQuietly } from './agent-offline';
export { ApiError, apiErrorFromBody, HTTP_ERROR, INTEGRITY_ERROR, NETWORK_ERROR } from './api-error';
export { API_METRICS_DEBOUNCE_MS, API_METRICS_PATH, createApiMetricsBatcher } from './api-metrics';
export {
  callOperation,
  downloadOperation,
  type OperationCall,
  type OperationCallOptions,
  operationUrl,
} from './call-operation';
export { describeError } from './describe-error';
export { type DownloadedFile, fileNameFromDisposition, saveDownloadedFile } from './download';
export type { QueryValue } from './http';
export {
  apiMetrics,
  CSRF_HEADER,
  type HttpMethod,
  type HttpOptions,
  http,
  REFRESH_PATH,
  request,
} from './http';
export { computeResponseHash, isResponseTrusted } from './response-integrity';
export {
  expireSession,
  registerLoginNavigation,
  SESSION_EXPIRED_NOTICE_INTERVAL_MS,
  SESSION_EXPIRED_NOTICE_MS,
} from './session-expiry';
