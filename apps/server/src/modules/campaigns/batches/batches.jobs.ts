import type { JobDefinition } from '../../../platform/jobs.js';
import {
  BATCH_INGEST_JOB,
  type BatchDeps,
  type BatchIngestJobData,
  runBatchIngest,
} from './batches.service.js';

/** Reading an uploaded notification file into its batch; a retry starts the batch's rows over. */
export function batchesJobs(deps: Omit<BatchDeps, 'jobs'>): JobDefinition<BatchIngestJobData>[] {
  return [{ name: BATCH_INGEST_JOB, retryLimit: 2, handler: (data) => runBatchIngest(deps, data) }];
}
