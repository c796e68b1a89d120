import type { JobDefinition } from '../../../platform/jobs.js';
import { VALIDATION_RUN_JOB, type Validation, type ValidationJobData } from './validation.service.js';

export function validationJobs(validation: () => Validation): JobDefinition<never>[] {
  const run: JobDefinition<ValidationJobData> = {
    name: VALIDATION_RUN_JOB,
    retryLimit: 2,
    // A retry starts the run over from its stored file; a finished run is left alone.
    handler: (data) => validation().runJob(data),
  };
  return [run] as JobDefinition<never>[];
}
