import type { JobDefinition } from '../../../platform/jobs.js';
import { type FallbackJobData, OTP_FALLBACK_JOB, type Otp } from './otp.service.js';

export function otpJobs(otp: () => Otp): JobDefinition<never>[] {
  const fallback: JobDefinition<FallbackJobData> = {
    name: OTP_FALLBACK_JOB,
    retryLimit: 3,
    // Locks the request and finds the step already taken on a second run: idempotent.
    handler: async (data) => {
      await otp().runFallback(data);
    },
  };
  return [fallback] as JobDefinition<never>[];
}
