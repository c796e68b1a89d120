import type {
  CampaignTemplate,
  NotificationStatus,
  PublicNotification,
  SendNotificationRequest,
} from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import { type ApiKeyActor, requireFeatureOpen } from '../../../platform/actor.js';
import type { Database } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import type { Messaging } from '../../messaging/index.js';
import { campaignNotFound } from '../campaigns.errors.js';
import { findCampaignByCode, findRetryPlan } from '../campaigns.repository.js';
import type { CampaignNotificationRow } from '../campaigns.tables.js';
import { notificationNotFound } from '../dispatch/batch-control.service.js';
import {
  findNotification,
  findNotificationByKey,
  insertBatch,
  insertNotification,
  listAttempts,
  releaseNotificationKey,
} from '../dispatch/dispatch.repository.js';
import { messagingChannelOf, renderMessage } from '../dispatch/render-message.js';

/** How long an Idempotency-Key answers the same notification (issue 14 §13). */
const KEY_TTL_MS = 24 * 3_600_000;

const contentMissing = (what: string) =>
  new AppError(422, 'content_missing', `A notification on this channel needs ${what}.`);
const campaignNotActive = (code: string) =>
  new AppError(409, 'campaign_not_active', `The campaign ${code} is not active: it sends nothing now.`);
const campaignChannelMismatch = (code: string, channel: string) =>
  new AppError(422, 'campaign_channel_mismatch', `The campaign ${code} sends on ${channel}.`);

/** The template a request describes; the campaign's when it names one, with the request's fields over it. */
export function templateOf(
  body: Omit<SendNotificationRequest, 'to' | 'campaignCode'>,
  base: CampaignTemplate | null,
): CampaignTemplate {
  switch (body.channel) {
    case 'SMS':
    case 'TELEGRAM': {
      const text = body.text ?? (base && 'text' in base ? base.text : undefined);
      if (!text) throw contentMissing('text');
      return { channel: body.channel, text };
    }
    case 'EMAIL': {
      const email = base?.channel === 'EMAIL' ? base : null;
      const subject = body.subject ?? email?.subject;
      const html =
        body.html ??
        email?.html ??
        (body.text ? body.text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`) : undefined);
      if (!subject || !html) throw contentMissing('a subject and an html or text body');
      return {
        channel: 'EMAIL',
        subject,
        html,
        ...((body.text ?? email?.text) ? { text: body.text ?? email?.text } : {}),
      };
    }
    case 'WHATSAPP': {
      const template = body.template ?? (base?.channel === 'WHATSAPP' ? base : null);
      if (!template) throw contentMissing('an approved template (name, language, parameters)');
      return {
        channel: 'WHATSAPP',
        name: template.name,
        language: template.language,
        parameters: template.parameters ?? [],
      };
    }
    case 'VOICE': {
      const voice = base?.channel === 'VOICE' ? base : null;
      const script = body.text ?? voice?.script;
      const language = voice?.language ?? 'id-ID';
      // Without a text of its own, a campaign that plays a recording plays it.
      if (!script && voice?.recordingFileId)
        return { channel: 'VOICE', recordingFileId: voice.recordingFileId, language };
      if (!script) throw contentMissing('a text-to-speech script (text)');
      return { channel: 'VOICE', script, language };
    }
  }
}

function toPublic(
  row: CampaignNotificationRow,
  attempts: Awaited<ReturnType<typeof listAttempts>>,
): PublicNotification {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      provider: attempt.provider,
      providerMessageId: attempt.providerMessageId,
      status: attempt.status,
      error: attempt.errorCode ? { code: attempt.errorCode, message: attempt.errorMessage ?? '' } : null,
      startedAt: attempt.startedAt.toISOString(),
      endedAt: attempt.endedAt ? attempt.endedAt.toISOString() : null,
      ...(attempt.durationSeconds !== null ? { durationSeconds: attempt.durationSeconds } : {}),
      ...(attempt.chargedSeconds !== null ? { chargedSeconds: attempt.chargedSeconds } : {}),
    })),
  };
}

/**
 * The public API's notifications (issue 14 §13): one request is a batch of one (source `api`), or of
 * the campaign it names, dispatched like any other batch: windows, blacklist, retry plan, attempts.
 */
export function notificationsApi(deps: { db: Database; messaging: Pick<Messaging, 'prepareMessage'> }) {
  const { db } = deps;
  return {
    async send(
      actor: ApiKeyActor,
      body: SendNotificationRequest,
      idempotencyKey: string | undefined,
    ): Promise<{ id: string; status: NotificationStatus }> {
      requireFeatureOpen(actor, body.channel);
      if (idempotencyKey) {
        const known = await findNotificationByKey(db, actor.clientId, idempotencyKey);
        if (known && Date.now() - known.createdAt.getTime() < KEY_TTL_MS)
          return { id: known.id, status: known.status };
        if (known) await releaseNotificationKey(db, actor.clientId, known.id);
      }
      const campaign = body.campaignCode
        ? await findCampaignByCode(db, actor.clientId, body.campaignCode)
        : null;
      if (body.campaignCode && !campaign) throw campaignNotFound();
      if (campaign && campaign.status !== 'active') throw campaignNotActive(campaign.code);
      if (campaign && campaign.channel !== body.channel)
        throw campaignChannelMismatch(campaign.code, campaign.channel);
      const template = templateOf(body, campaign?.template ?? null);
      // The channel refuses what it cannot send now, in the request (422), not later in a job.
      const prepared = deps.messaging.prepareMessage(messagingChannelOf(body.channel), {
        recipient: body.to,
        content: renderMessage(template, {}),
      });
      const plan = campaign?.retryPlanId
        ? await findRetryPlan(db, actor.clientId, campaign.retryPlanId)
        : null;
      const now = new Date();
      const dueAt = body.scheduledTime ? new Date(body.scheduledTime) : now;
      const batchId = newId();
      const id = newId();
      const saved = await db.transaction(async (tx) => {
        await insertBatch(tx, {
          clientId: actor.clientId,
          id: batchId,
          campaignId: campaign?.id ?? null,
          campaignVersion: campaign?.version ?? null,
          source: 'api',
          channel: body.channel,
          type: 'blast',
          template,
          sender: campaign?.sender ?? null,
          retryPlan: plan
            ? {
                maxAttempts: plan.maxAttempts,
                delay: plan.delay,
                retryOn: plan.retryOn,
                fallbackChannels: plan.fallbackChannels,
              }
            : null,
          windowId: campaign?.windowId ?? null,
          status: dueAt > now ? 'scheduled' : 'running',
          scheduledAt: dueAt,
          startedAt: dueAt > now ? null : now,
          rowsRead: 1,
          validCount: 1,
          createdBy: `api:${actor.keyId}`,
        });
        return insertNotification(tx, {
          clientId: actor.clientId,
          id,
          batchId,
          rowNo: 1,
          channel: body.channel,
          recipient: prepared.recipient,
          params: {},
          dueAt,
          idempotencyKey: idempotencyKey ?? null,
        });
      });
      if (!saved && idempotencyKey) {
        // Another request with the same key won the race: its notification is the answer.
        const winner = await findNotificationByKey(db, actor.clientId, idempotencyKey);
        if (winner) return { id: winner.id, status: winner.status };
      }
      return { id, status: 'queued' };
    },
    async get(actor: ApiKeyActor, id: string): Promise<PublicNotification> {
      const row = isId(id) ? await findNotification(db, actor.clientId, id) : null;
      if (!row) throw notificationNotFound();
      requireFeatureOpen(actor, row.channel);
      return toPublic(row, await listAttempts(db, actor.clientId, row.id));
    },
  };
}
