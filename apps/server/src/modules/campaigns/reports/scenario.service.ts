import type { BatchStatus, CampaignChannel, NotificationStatus, Scenario } from '@sapa/contracts';
import { isId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { notFound } from '../../../platform/errors.js';
import { requireChannelReportAccess } from '../campaigns.access.js';
import { campaignNotFound } from '../campaigns.errors.js';
import { REACHED } from '../dashboard/dashboard.repository.js';
import {
  countBatchNotifications,
  countStepTransitions,
  findCampaignByCode,
  findRetryPlanOf,
  listCampaignBatches,
  type StepTransition,
} from './reports.repository.js';

/** The picker lists this many of the campaign's newest batches. */
const BATCHES_SHOWN = 50;
/** Batches that went past the checker (or needed none): their notifications reach the window. */
const PAST_APPROVAL: BatchStatus[] = ['scheduled', 'running', 'paused', 'finished', 'canceled'];
const IN_FLIGHT: NotificationStatus[] = ['queued', 'sending'];

type Outcome = 'reached' | 'failed' | 'rejected' | 'pending';
type Node = Scenario['nodes'][number];
type Edge = Scenario['edges'][number];

const batchNotFound = () => notFound('batch_not_found', 'This batch is not one of the campaign’s.');

const stepId = (channel: CampaignChannel, onChannel: number) => `attempt:${channel}:${onChannel}`;
const bucketOf = (status: NotificationStatus): Exclude<Outcome, 'rejected'> =>
  REACHED.includes(status) ? 'reached' : IN_FLIGHT.includes(status) ? 'pending' : 'failed';

/**
 * The scenario diagram's read model (`/scenario-diagram/:campaignCode`): the campaign's flow — upload,
 * approval, window, each attempt of its retry plan on each channel of its fallback order, outcomes —
 * with how many rows or notifications of one batch took each edge. Pure counting over the engine's
 * tables: a batch's attempts say which step followed which.
 */
export async function campaignScenario(
  db: Executor,
  actor: Actor,
  query: { campaignCode: string; batchId?: string | undefined },
): Promise<Scenario> {
  const campaign = await findCampaignByCode(db, actor.clientId, query.campaignCode);
  if (!campaign) throw campaignNotFound();
  await requireChannelReportAccess(db, actor, campaign.channel);
  const batches = await listCampaignBatches(db, actor.clientId, campaign.campaignId, BATCHES_SHOWN);
  let batch = batches[0] ?? null;
  if (query.batchId !== undefined) {
    batch = isId(query.batchId) ? (batches.find((one) => one.batchId === query.batchId) ?? null) : null;
    if (!batch) throw batchNotFound();
  }
  const plan = batch
    ? batch.retryPlan
    : campaign.retryPlanId
      ? await findRetryPlanOf(db, actor.clientId, campaign.retryPlanId)
      : null;
  const channels: CampaignChannel[] = [batch?.channel ?? campaign.channel, ...(plan?.fallbackChannels ?? [])];
  const perChannel = Math.max(1, plan?.maxAttempts ?? 1);

  const nodes = new Map<string, Node>();
  const edges = new Map<string, Edge>();
  const node = (id: string, fields: Omit<Node, 'id' | 'count'>, count = 0) => {
    if (!nodes.has(id)) nodes.set(id, { id, ...fields, count });
    return nodes.get(id)!;
  };
  const edge = (source: string, target: string, kind: Edge['kind'], count: number) => {
    const id = `${source}->${target}`;
    const existing = edges.get(id);
    if (existing) existing.count += count;
    else edges.set(id, { id, source, target, kind, count });
  };
  const blank = { channel: null, attemptOnChannel: null, outcome: null } as const;
  const outcome = (which: Outcome) => `outcome:${which}`;

  node('upload', { kind: 'upload', ...blank });
  node('approval', { kind: 'approval', ...blank });
  node('window', { kind: 'window', ...blank });
  for (const channel of channels) {
    for (let n = 1; n <= perChannel; n++)
      node(stepId(channel, n), { kind: 'attempt', channel, attemptOnChannel: n, outcome: null });
  }
  for (const which of ['reached', 'failed', 'pending', 'rejected'] as const)
    node(outcome(which), { kind: 'outcome', channel: null, attemptOnChannel: null, outcome: which });

  // The plan's own edges, drawn even before anything took them.
  edge('upload', 'approval', 'next', 0);
  edge('approval', 'window', 'next', 0);
  edge('window', stepId(channels[0]!, 1), 'next', 0);
  for (const [index, channel] of channels.entries()) {
    for (let n = 1; n <= perChannel; n++) {
      edge(stepId(channel, n), outcome('reached'), 'outcome', 0);
      if (n < perChannel) edge(stepId(channel, n), stepId(channel, n + 1), 'retry', 0);
    }
    const next = channels[index + 1];
    if (next) edge(stepId(channel, perChannel), stepId(next, 1), 'fallback', 0);
    else edge(stepId(channel, perChannel), outcome('failed'), 'outcome', 0);
  }

  if (batch) {
    const [byStatus, transitions] = await Promise.all([
      countBatchNotifications(db, actor.clientId, batch.batchId),
      countStepTransitions(db, actor.clientId, batch.batchId),
    ]);
    const notifications = byStatus.reduce((sum, row) => sum + Number(row.count), 0);
    const rejectedRows = batch.invalidCount + batch.blacklistedCount + batch.duplicateCount;
    nodes.get('upload')!.count = Math.max(batch.rowsRead, batch.validCount + rejectedRows);
    nodes.get('approval')!.count = batch.validCount;
    edge('upload', 'approval', 'next', batch.validCount);
    edge('upload', outcome('rejected'), 'outcome', rejectedRows);
    const approved = PAST_APPROVAL.includes(batch.status) ? notifications : 0;
    if (batch.status === 'rejected') edge('approval', outcome('rejected'), 'outcome', batch.validCount);
    edge('approval', 'window', 'next', approved);
    nodes.get('window')!.count = approved;

    // Attempts: which step each attempt was, which step came before it, how the last one ended.
    const attemptedByStatus = new Map<NotificationStatus, number>();
    for (const row of transitions as StepTransition[]) {
      const target = stepId(row.channel, row.onChannel);
      node(target, {
        kind: 'attempt',
        channel: row.channel,
        attemptOnChannel: row.onChannel,
        outcome: null,
      }).count += row.count;
      if (row.prevChannel === null || row.prevOnChannel === null) edge('window', target, 'next', row.count);
      else
        edge(
          stepId(row.prevChannel, row.prevOnChannel),
          target,
          row.prevChannel === row.channel ? 'retry' : 'fallback',
          row.count,
        );
      if (row.finalStatus) {
        edge(target, outcome(bucketOf(row.finalStatus)), 'outcome', row.count);
        attemptedByStatus.set(row.finalStatus, (attemptedByStatus.get(row.finalStatus) ?? 0) + row.count);
      }
    }
    // Notifications never tried: still waiting (for the window, or a paused batch), or ended untried.
    if (approved > 0) {
      for (const row of byStatus) {
        const untried = Number(row.count) - (attemptedByStatus.get(row.status) ?? 0);
        if (untried > 0) edge('window', outcome(bucketOf(row.status)), 'outcome', untried);
      }
    }
    for (const [id, item] of nodes) {
      if (item.kind === 'outcome')
        item.count = [...edges.values()]
          .filter((one) => one.target === id)
          .reduce((sum, one) => sum + one.count, 0);
    }
  }

  return {
    campaign: {
      campaignId: campaign.campaignId,
      code: campaign.code,
      name: campaign.name,
      channel: campaign.channel,
    },
    batches: batches.map((one) => ({
      batchId: one.batchId,
      status: one.status,
      fileName: one.fileName,
      createdAt: one.createdAt.toISOString(),
    })),
    batchId: batch?.batchId ?? null,
    plan: plan ? { maxAttempts: plan.maxAttempts, fallbackChannels: [...plan.fallbackChannels] } : null,
    hasWindow: Boolean(batch ? batch.windowId : campaign.windowId),
    nodes: [...nodes.values()],
    edges: [...edges.values()],
  };
}
