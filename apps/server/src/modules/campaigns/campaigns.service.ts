import {
  type Campaign,
  type CampaignChange,
  type CampaignContent,
  type CampaignStatus,
  type CreateCampaignRequest,
  campaignContentProblem,
} from '@sapa/contracts';
import { isId, newId } from '../../lib/ids.js';
import { type Actor, actorLabel, isSuperAdmin } from '../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../platform/audit/index.js';
import type { Database, Executor, Transaction } from '../../platform/database.js';
import { AppError } from '../../platform/errors.js';
import { type ApprovalRegistry, type ApprovalTaskRow, proposeChange } from '../approvals/index.js';
import { getClient } from '../clients/index.js';
import { requireCampaignAccess, visibleChannels } from './campaigns.access.js';
import {
  campaignAwaitingApproval,
  campaignCodeTaken,
  campaignEditPending,
  campaignNotFound,
  campaignTransitionRefused,
  isUniqueViolation,
  notCampaignUser,
  retryPlanNotFound,
  templateChannelMismatch,
  windowNotFound,
} from './campaigns.errors.js';
import {
  decideVersion,
  deleteCampaign,
  findCampaign,
  findRetryPlan,
  findWindow,
  insertCampaign,
  insertCampaignVersion,
  lastVersionNumber,
  listCampaigns,
  listCampaignVersions,
  lockCampaign,
  transitionCampaign,
  updateCampaign,
} from './campaigns.repository.js';
import type { CampaignRow, CampaignVersionRow } from './campaigns.tables.js';
import { requireRecording } from './resources/resources.service.js';

/** Approval task types: a campaign's first activation, and an edit of a running campaign. */
export const CAMPAIGN_ACTIVATE_TASK = 'campaign.activate';
export const CAMPAIGN_EDIT_TASK = 'campaign.edit';

/** Which states each action leaves from (spec §4; decision 0028). */
const SUBMITTABLE: readonly CampaignStatus[] = ['draft', 'rejected'];
const DELETABLE: readonly CampaignStatus[] = ['draft', 'rejected'];
const RUNNING: readonly CampaignStatus[] = ['active', 'inactive'];

function contentOf(row: CampaignRow): CampaignContent {
  return {
    name: row.name,
    type: row.type,
    template: row.template,
    fallbackTemplates: row.fallbackTemplates ?? [],
    paramTranslator: row.paramTranslator,
    retryPlanId: row.retryPlanId,
    windowId: row.windowId,
    sender: row.sender,
    reminderOffsets: row.reminderOffsets ?? null,
  };
}

export function toCampaign(row: CampaignRow): Campaign {
  return {
    campaignId: row.id,
    code: row.code,
    channel: row.channel,
    ...contentOf(row),
    status: row.status,
    version: row.version,
    pendingTaskId: row.pendingTaskId,
    pendingVersion: row.pendingVersion,
    statusNote: row.statusNote,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toVersion(row: CampaignVersionRow) {
  return {
    version: row.version,
    status: row.status,
    content: row.content,
    taskId: row.taskId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const change = (campaign: CampaignRow, taskId: string | null = null): CampaignChange => ({
  outcome: taskId ? 'pending_approval' : 'applied',
  campaign: toCampaign(campaign),
  taskId,
});

/** The campaign of the actor's client (404 for another client's id), if the actor works on its channel. */
async function loadCampaign(db: Executor, actor: Actor, campaignId: string, need: 'view' | 'make') {
  const row = isId(campaignId) ? await findCampaign(db, actor.clientId, campaignId) : null;
  if (!row) throw campaignNotFound();
  await requireCampaignAccess(db, actor, row.channel, need);
  return row;
}

/** The retry plan and window a campaign names belong to its client; its type's needs are met. */
async function checkReferences(db: Executor, clientId: string, content: CampaignContent) {
  const problem = campaignContentProblem(content);
  if (problem) throw new AppError(400, 'validation_failed', problem);
  if (
    content.retryPlanId &&
    !(isId(content.retryPlanId) && (await findRetryPlan(db, clientId, content.retryPlanId)))
  )
    throw retryPlanNotFound();
  if (content.windowId && !(isId(content.windowId) && (await findWindow(db, clientId, content.windowId))))
    throw windowNotFound();
  // A recording played is one of the client's voice resources.
  for (const template of [content.template, ...(content.fallbackTemplates ?? [])]) {
    if (template.channel === 'VOICE' && template.recordingFileId)
      await requireRecording(db, clientId, template.recordingFileId);
  }
}

/** A client that requires maker-checker waits for a checker; a super admin's changes never wait. */
async function needsApproval(db: Executor, actor: Actor): Promise<boolean> {
  if (isSuperAdmin(actor)) return false;
  return (await getClient(db, actor.clientId)).approvalRequired;
}

export async function listClientCampaigns(
  db: Executor,
  actor: Actor,
  query: {
    channel?: Campaign['channel'];
    status?: CampaignStatus;
    type?: Campaign['type'];
    q?: string;
    pageSize: number;
    pageNumber: number;
  },
) {
  if (query.channel) await requireCampaignAccess(db, actor, query.channel, 'view');
  const channels = query.channel ? [query.channel] : await visibleChannels(db, actor);
  if (channels.length === 0) throw notCampaignUser('any channel');
  const page = { pageSize: query.pageSize, pageNumber: query.pageNumber };
  const { items, total } = await listCampaigns(
    db,
    actor.clientId,
    { channels, status: query.status, type: query.type, q: query.q },
    page,
  );
  return { ...page, total, items: items.map(toCampaign) };
}

export async function getCampaign(db: Executor, actor: Actor, campaignId: string): Promise<Campaign> {
  return toCampaign(await loadCampaign(db, actor, campaignId, 'view'));
}

export async function getCampaignVersions(db: Executor, actor: Actor, campaignId: string) {
  const row = await loadCampaign(db, actor, campaignId, 'view');
  return { items: (await listCampaignVersions(db, actor.clientId, row.id)).map(toVersion) };
}

/** A new campaign is a draft: nothing runs until it is submitted (and, if the client requires it, approved). */
export async function createCampaign(db: Database, caller: AuditActor, body: CreateCampaignRequest) {
  const { actor } = caller;
  await requireCampaignAccess(db, actor, body.channel, 'make');
  const { code, channel, ...content } = body;
  await checkReferences(db, actor.clientId, content);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertCampaign(tx, {
        clientId: actor.clientId,
        id: newId(),
        code,
        channel,
        ...content,
        status: 'draft',
        createdBy: actorLabel(actor),
      });
      await recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'campaign.create',
        entityType: 'campaign',
        entityId: row.id,
        after: { code, channel, ...content },
      });
      return toCampaign(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw campaignCodeTaken(code);
    throw error;
  }
}

/**
 * Edits a campaign. A draft or rejected one is not running: it changes in place. A running one gets a
 * new version: applied at once, or, when the client requires approval, an edit request that waits for
 * a checker while the running version keeps sending.
 */
export async function editCampaign(
  db: Database,
  caller: AuditActor,
  campaignId: string,
  content: CampaignContent,
): Promise<CampaignChange> {
  const { actor } = caller;
  const found = await loadCampaign(db, actor, campaignId, 'make');
  if (content.template.channel !== found.channel) throw templateChannelMismatch(found.channel);
  await checkReferences(db, actor.clientId, content);
  const approval = await needsApproval(db, actor);
  return db.transaction(async (tx) => {
    const row = (await lockCampaign(tx, actor.clientId, found.id)) ?? raise(campaignNotFound());
    if (row.status === 'pending_approval') throw campaignAwaitingApproval();
    const audit = (after: unknown) =>
      recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'campaign.update',
        entityType: 'campaign',
        entityId: row.id,
        before: contentOf(row),
        after,
      });
    if (!RUNNING.includes(row.status)) {
      const updated = await updateCampaign(tx, actor.clientId, row.id, content);
      await audit(content);
      return change(updated!);
    }
    if (row.pendingVersion !== null) throw campaignEditPending();
    const version = (await lastVersionNumber(tx, actor.clientId, row.id)) + 1;
    const base = {
      clientId: actor.clientId,
      campaignId: row.id,
      version,
      content,
      createdBy: actorLabel(actor),
    };
    if (!approval) {
      await insertCampaignVersion(tx, { ...base, status: 'approved', decidedAt: new Date() });
      const updated = await updateCampaign(tx, actor.clientId, row.id, { ...content, version });
      await audit({ version, ...content });
      return change(updated!);
    }
    const task = await proposeChange(tx, caller, {
      clientId: actor.clientId,
      type: CAMPAIGN_EDIT_TASK,
      channel: row.channel,
      summary: `Edit of campaign ${row.code} (${row.channel}) to version ${version}`,
      payload: { campaignId: row.id, code: row.code, version },
    });
    await insertCampaignVersion(tx, { ...base, status: 'pending', taskId: task.id });
    const updated = await updateCampaign(tx, actor.clientId, row.id, {
      pendingTaskId: task.id,
      pendingVersion: version,
    });
    return change(updated!, task.id);
  });
}

function raise(error: AppError): never {
  throw error;
}

/** Why a transition matched no row: the campaign is gone (404) or in another state (409). */
async function refusal(
  db: Executor,
  actor: Actor,
  campaignId: string,
  action: string,
  allowed: readonly CampaignStatus[],
) {
  const row = await findCampaign(db, actor.clientId, campaignId);
  return row ? campaignTransitionRefused(action, row.status, allowed) : campaignNotFound();
}

/**
 * Submits a draft (or a rejected campaign after its fixes): its content becomes a version, which runs at
 * once, or waits as "pending approval" for a checker of the channel when the client requires it.
 */
export async function submitCampaign(
  db: Database,
  caller: AuditActor,
  campaignId: string,
): Promise<CampaignChange> {
  const { actor } = caller;
  const found = await loadCampaign(db, actor, campaignId, 'make');
  const approval = await needsApproval(db, actor);
  return db.transaction(async (tx) => {
    const row = (await lockCampaign(tx, actor.clientId, found.id)) ?? raise(campaignNotFound());
    if (!SUBMITTABLE.includes(row.status)) throw campaignTransitionRefused('submit', row.status, SUBMITTABLE);
    const version = (await lastVersionNumber(tx, actor.clientId, row.id)) + 1;
    const base = {
      clientId: actor.clientId,
      campaignId: row.id,
      version,
      content: contentOf(row),
      createdBy: actorLabel(actor),
    };
    let taskId: string | null = null;
    if (approval) {
      const task = await proposeChange(tx, caller, {
        clientId: actor.clientId,
        type: CAMPAIGN_ACTIVATE_TASK,
        channel: row.channel,
        summary: `Activate campaign ${row.code} (${row.channel})`,
        payload: { campaignId: row.id, code: row.code, version },
      });
      taskId = task.id;
      await insertCampaignVersion(tx, { ...base, status: 'pending', taskId });
    } else {
      await insertCampaignVersion(tx, { ...base, status: 'approved', decidedAt: new Date() });
    }
    const status: CampaignStatus = taskId ? 'pending_approval' : 'active';
    const updated = await transitionCampaign(tx, actor.clientId, row.id, SUBMITTABLE, {
      status,
      version,
      pendingTaskId: taskId,
      statusNote: null,
    });
    await recordAudit(tx, caller, {
      clientId: actor.clientId,
      action: 'campaign.submit',
      entityType: 'campaign',
      entityId: row.id,
      before: { status: row.status },
      after: { status, version, taskId },
    });
    return change(updated!, taskId);
  });
}

async function moveCampaign(
  db: Database,
  caller: AuditActor,
  campaignId: string,
  action: string,
  from: readonly CampaignStatus[],
  to: CampaignStatus,
): Promise<CampaignChange> {
  const { actor } = caller;
  const found = await loadCampaign(db, actor, campaignId, 'make');
  const moved = await db.transaction(async (tx) => {
    const row = await transitionCampaign(tx, actor.clientId, found.id, from, { status: to });
    if (!row) return null;
    await recordAudit(tx, caller, {
      clientId: actor.clientId,
      action: `campaign.${action}`,
      entityType: 'campaign',
      entityId: row.id,
      before: { status: from.length === 1 ? from[0] : found.status },
      after: { status: to },
    });
    return row;
  });
  if (!moved) throw await refusal(db, actor, found.id, action, from);
  return change(moved);
}

/** An inactive campaign runs again (spec §4 "activated or set active"). */
export function activateCampaign(db: Database, caller: AuditActor, campaignId: string) {
  return moveCampaign(db, caller, campaignId, 'activate', ['inactive'], 'active');
}

/** An active campaign stops taking new work; its edit request, if any, still waits for its checker. */
export function deactivateCampaign(db: Database, caller: AuditActor, campaignId: string) {
  return moveCampaign(db, caller, campaignId, 'deactivate', ['active'], 'inactive');
}

/** Only a campaign that never ran (draft, rejected) is deleted; a running one is set inactive instead. */
export async function removeCampaign(db: Database, caller: AuditActor, campaignId: string) {
  const { actor } = caller;
  const found = await loadCampaign(db, actor, campaignId, 'make');
  const deleted = await db.transaction(async (tx) => {
    if (!(await deleteCampaign(tx, actor.clientId, found.id, DELETABLE))) return false;
    await recordAudit(tx, caller, {
      clientId: actor.clientId,
      action: 'campaign.delete',
      entityType: 'campaign',
      entityId: found.id,
      before: { code: found.code, channel: found.channel, status: found.status },
    });
    return true;
  });
  if (!deleted) throw await refusal(db, actor, found.id, 'delete', DELETABLE);
  return { deleted: true };
}

// ---- maker-checker ----

type TaskPayload = { campaignId: string; code: string; version: number };

const campaignChanged = () =>
  new AppError(409, 'campaign_changed', 'The campaign no longer waits for this task; reject it instead.');

/** The campaign a task is about, locked, if it still waits for that very task; else null. */
async function waitingCampaign(
  tx: Transaction,
  task: ApprovalTaskRow,
): Promise<[CampaignRow, TaskPayload] | null> {
  const payload = task.payload as TaskPayload;
  const row = await lockCampaign(tx, task.clientId, payload.campaignId);
  return row && row.pendingTaskId === task.id ? [row, payload] : null;
}

async function auditDecision(
  tx: Transaction,
  checker: AuditActor,
  row: CampaignRow,
  action: string,
  after: unknown,
) {
  await recordAudit(tx, checker, {
    clientId: row.clientId,
    action,
    entityType: 'campaign',
    entityId: row.id,
    before: { status: row.status, version: row.version },
    after,
  });
}

/**
 * What approving or rejecting a campaign task does, inside the approval's transaction: an activation
 * makes the campaign active (or rejected, with the checker's note); an approved edit becomes the running
 * version, a rejected one leaves the running version as it was.
 */
export function registerCampaignApprovals(registry: ApprovalRegistry) {
  registry.register(CAMPAIGN_ACTIVATE_TASK, {
    async apply(tx, checker, task) {
      const [row, payload] = (await waitingCampaign(tx, task)) ?? raise(campaignChanged());
      await decideVersion(tx, row.clientId, row.id, payload.version, 'approved');
      await transitionCampaign(tx, row.clientId, row.id, ['pending_approval'], {
        status: 'active',
        pendingTaskId: null,
      });
      await auditDecision(tx, checker, row, 'campaign.approve', {
        status: 'active',
        version: payload.version,
      });
      return { result: { campaignId: row.id, code: row.code, status: 'active' } };
    },
    async reject(tx, checker, task, note) {
      const waiting = await waitingCampaign(tx, task);
      if (!waiting) return; // nothing waits for it any more: the rejection only closes the task
      const [row, payload] = waiting;
      await decideVersion(tx, row.clientId, row.id, payload.version, 'rejected');
      await transitionCampaign(tx, row.clientId, row.id, ['pending_approval'], {
        status: 'rejected',
        pendingTaskId: null,
        statusNote: note,
      });
      await auditDecision(tx, checker, row, 'campaign.reject', { status: 'rejected', note });
    },
  });
  registry.register(CAMPAIGN_EDIT_TASK, {
    async apply(tx, checker, task) {
      const [row, payload] = (await waitingCampaign(tx, task)) ?? raise(campaignChanged());
      const version = await decideVersion(tx, row.clientId, row.id, payload.version, 'approved');
      if (!version) throw campaignChanged();
      // A plan or window deleted since the request was made: the checker learns it, the task stays.
      await checkReferences(tx, row.clientId, version.content);
      await updateCampaign(tx, row.clientId, row.id, {
        ...version.content,
        // A version written before fallback templates existed has none.
        fallbackTemplates: version.content.fallbackTemplates ?? [],
        version: version.version,
        pendingTaskId: null,
        pendingVersion: null,
      });
      await auditDecision(tx, checker, row, 'campaign.edit_approve', { version: version.version });
      return { result: { campaignId: row.id, code: row.code, version: version.version } };
    },
    async reject(tx, checker, task, note) {
      const waiting = await waitingCampaign(tx, task);
      if (!waiting) return; // nothing waits for it any more: the rejection only closes the task
      const [row, payload] = waiting;
      await decideVersion(tx, row.clientId, row.id, payload.version, 'rejected');
      await updateCampaign(tx, row.clientId, row.id, {
        pendingTaskId: null,
        pendingVersion: null,
        statusNote: note,
      });
      await auditDecision(tx, checker, row, 'campaign.edit_reject', { version: payload.version, note });
    },
  });
}
