import type { JobDefinition } from '../../../platform/jobs.js';
import { type CampaignPdfs, PDF_RETENTION_JOB } from './pdf.service.js';

export function campaignPdfJobs(pdfs: () => CampaignPdfs): JobDefinition<never>[] {
  const retention: JobDefinition = {
    name: PDF_RETENTION_JOB,
    cron: '23 2 * * *',
    // Rows are claimed with SKIP LOCKED and deleted with their files in one transaction: a rerun or
    // an overlapping run deletes each PDF once and skips what the other holds.
    handler: async () => {
      await pdfs().sweepExpired();
    },
  };
  return [retention] as JobDefinition<never>[];
}
