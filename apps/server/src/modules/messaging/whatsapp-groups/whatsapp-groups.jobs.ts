import type { JobDefinition } from '../../../platform/jobs.js';
import { SANDBOX_GROUP_CREATED_JOB, type WhatsappGroups } from './whatsapp-groups.service.js';

/** The sandbox's group webhook, a moment after the create call (the group's own row makes it repeatable). */
export function whatsappGroupJobs(groups: () => WhatsappGroups): JobDefinition<never>[] {
  const created: JobDefinition<{ clientId: string; groupId: string }> = {
    name: SANDBOX_GROUP_CREATED_JOB,
    retryLimit: 3,
    handler: (data) => groups().deliverSandboxCreated(data),
  };
  return [created] as JobDefinition<never>[];
}
