import { RETRY_OUTCOMES, type RetryPlan, type RetryPlanInput } from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import type { Database, Executor } from '../../../platform/database.js';
import { requireSharedAccess } from '../campaigns.access.js';
import {
  isUniqueViolation,
  retryPlanInUse,
  retryPlanNameTaken,
  retryPlanNotFound,
} from '../campaigns.errors.js';
import {
  countCampaignsUsing,
  deleteRetryPlan,
  findRetryPlan,
  insertRetryPlan,
  listRetryPlans,
  updateRetryPlan,
} from '../campaigns.repository.js';
import type { CampaignRetryPlanRow } from '../campaigns.tables.js';

function toRetryPlan(row: CampaignRetryPlanRow): RetryPlan {
  return {
    retryPlanId: row.id,
    name: row.name,
    maxAttempts: row.maxAttempts,
    delay: row.delay,
    retryOn: row.retryOn,
    fallbackChannels: row.fallbackChannels,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function loadRetryPlan(db: Executor, actor: Actor, retryPlanId: string, need: 'view' | 'make') {
  await requireSharedAccess(db, actor, need);
  const row = isId(retryPlanId) ? await findRetryPlan(db, actor.clientId, retryPlanId) : null;
  if (!row) throw retryPlanNotFound();
  return row;
}

/** Outcomes are kept once each, in the contract's order. */
const normalised = (input: RetryPlanInput) => ({
  ...input,
  retryOn: RETRY_OUTCOMES.filter((outcome) => input.retryOn.includes(outcome)),
});

export async function listClientRetryPlans(db: Executor, actor: Actor) {
  await requireSharedAccess(db, actor, 'view');
  return { items: (await listRetryPlans(db, actor.clientId)).map(toRetryPlan) };
}

export async function getRetryPlan(db: Executor, actor: Actor, retryPlanId: string) {
  return toRetryPlan(await loadRetryPlan(db, actor, retryPlanId, 'view'));
}

export async function createRetryPlan(db: Database, caller: AuditActor, input: RetryPlanInput) {
  const { actor } = caller;
  await requireSharedAccess(db, actor, 'make');
  const fields = normalised(input);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertRetryPlan(tx, { clientId: actor.clientId, id: newId(), ...fields });
      await recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'retry_plan.create',
        entityType: 'retry_plan',
        entityId: row.id,
        after: fields,
      });
      return toRetryPlan(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw retryPlanNameTaken();
    throw error;
  }
}

export async function editRetryPlan(
  db: Database,
  caller: AuditActor,
  retryPlanId: string,
  input: RetryPlanInput,
) {
  const { actor } = caller;
  const before = await loadRetryPlan(db, actor, retryPlanId, 'make');
  const fields = normalised(input);
  try {
    return await db.transaction(async (tx) => {
      const row = await updateRetryPlan(tx, actor.clientId, before.id, fields);
      if (!row) throw retryPlanNotFound();
      await recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'retry_plan.update',
        entityType: 'retry_plan',
        entityId: row.id,
        before: toRetryPlan(before),
        after: fields,
      });
      return toRetryPlan(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw retryPlanNameTaken();
    throw error;
  }
}

/** A plan a campaign uses stays (409): its notifications would lose their retries silently. */
export async function removeRetryPlan(db: Database, caller: AuditActor, retryPlanId: string) {
  const { actor } = caller;
  const before = await loadRetryPlan(db, actor, retryPlanId, 'make');
  const users = await countCampaignsUsing(db, actor.clientId, { retryPlanId: before.id });
  if (users > 0) throw retryPlanInUse(users);
  await db.transaction(async (tx) => {
    if (!(await deleteRetryPlan(tx, actor.clientId, before.id))) throw retryPlanNotFound();
    await recordAudit(tx, caller, {
      clientId: actor.clientId,
      action: 'retry_plan.delete',
      entityType: 'retry_plan',
      entityId: before.id,
      before: toRetryPlan(before),
    });
  });
  return { deleted: true };
}
