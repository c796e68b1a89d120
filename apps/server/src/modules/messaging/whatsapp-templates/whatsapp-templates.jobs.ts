import type { JobDefinition } from '../../../platform/jobs.js';
import {
  DELETE_TEMPLATE_JOB,
  SANDBOX_REVIEW_JOB,
  SUBMIT_TEMPLATE_JOB,
  SYNC_TEMPLATES_JOB,
  type WhatsappTemplates,
} from './whatsapp-templates.service.js';

type TemplateJob = { clientId: string; templateId: string };
type ChannelJob = { clientId: string; channelId: string };

/** Every Graph API call of the templates runs here, never in a request. */
export function whatsappTemplateJobs(templates: () => WhatsappTemplates): JobDefinition<never>[] {
  const submit: JobDefinition<TemplateJob> = {
    name: SUBMIT_TEMPLATE_JOB,
    retryLimit: 5,
    // Only a SUBMITTING template is sent; a lost answer is recovered from Meta's "already exists".
    handler: (data) => templates().submit(data),
  };
  const remove: JobDefinition<TemplateJob> = {
    name: DELETE_TEMPLATE_JOB,
    retryLimit: 5,
    // A template Meta no longer has counts as deleted: safe to run twice.
    handler: (data) => templates().deleteJob(data),
  };
  const sync: JobDefinition<ChannelJob> = {
    name: SYNC_TEMPLATES_JOB,
    retryLimit: 3,
    // Writes Meta's current state: running it twice writes the same.
    handler: (data) => templates().sync(data),
  };
  const review: JobDefinition<ChannelJob> = {
    name: SANDBOX_REVIEW_JOB,
    // Only templates still PENDING and due are reviewed: a rerun finds them decided.
    handler: async (data) => {
      await templates().runSandboxReviews(data);
    },
  };
  return [submit, remove, sync, review] as JobDefinition<never>[];
}
