// What the composition root may use of OTP, Verify and validation (decision 0029): never tables.

export { createOtpCounters } from './otp/otp.counters.js';
export { OTP_REQUESTS_EXPORT, otpExportProducer } from './otp/otp.exports.js';
export { otpJobs } from './otp/otp.jobs.js';
export { createOtpMetrics } from './otp/otp.metrics.js';
export { otpRoutes } from './otp/otp.routes.js';
export {
  createOtp,
  OTP_FALLBACK_JOB,
  OTP_SOURCE,
  type Otp,
  type OtpDeps,
  type OtpEvent,
} from './otp/otp.service.js';
export { validationJobs } from './validation/validation.jobs.js';
export { validationRoutes } from './validation/validation.routes.js';
export { createValidation, type Validation } from './validation/validation.service.js';
export { verifyRoutes } from './verify/verify.routes.js';
export { createVerify, type Verify } from './verify/verify.service.js';
