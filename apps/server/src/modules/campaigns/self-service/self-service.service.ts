import {
  type CampaignTemplate,
  CLIENT_ADMIN_ROLES,
  type RoleCode,
  type SelfServiceSend,
} from '@sapa/contracts';
import { newId } from '../../../lib/ids.js';
import { type Actor, hasRole, requireFeatureOpen, requireUser } from '../../../platform/actor.js';
import type { Database, Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import type { Messaging } from '../../messaging/index.js';
import { insertBatch, insertNotification } from '../dispatch/dispatch.repository.js';
import { messagingChannelOf, renderMessage } from '../dispatch/render-message.js';
import { resolveLocalDays } from '../local-days.js';
import { templateOf } from '../notifications/notifications-api.service.js';
import { listSelfServiceRows } from './self-service.repository.js';

/** Who sends from the portal's self-service screens: the self-service sender (USO) and the client's admins. */
const SELF_SERVICE_ROLES: readonly RoleCode[] = [...CLIENT_ADMIN_ROLES, 'USO'];
const MAX_HISTORY_DAYS = 366;

const notSelfServiceUser = () =>
  new AppError(403, 'forbidden', 'Only self-service senders and the client’s admins may send from here.');
const badRecipients = (problems: { index: number; recipient: string; reason: string }[]) =>
  new AppError(
    422,
    'invalid_recipients',
    `${problems.length} recipient(s) cannot receive this: ${problems
      .slice(0, 5)
      .map((problem) => `${problem.recipient} (${problem.reason})`)
      .join('; ')}`,
    problems.map((problem) => ({
      path: `recipients.${problem.index}`,
      message: `${problem.recipient}: ${problem.reason}`,
    })),
  );

function requireSelfService(actor: Actor) {
  if (!hasRole(actor, SELF_SERVICE_ROLES)) throw notSelfServiceUser();
}

/**
 * One message to a few recipients (spec: each channel's self-service send). Every recipient is checked
 * by the channel now (a wrong number is a 422 naming it, nothing is queued); a number given twice is
 * sent once. The batch is dispatched like any other: blacklist at send time, attempts, statuses.
 */
export async function sendSelfService(
  deps: { db: Database; messaging: Pick<Messaging, 'prepareMessage'> },
  actor: Actor,
  body: SelfServiceSend,
) {
  requireSelfService(actor);
  requireFeatureOpen(actor, body.channel);
  const sender = requireUser(actor);
  const template: CampaignTemplate = templateOf(body, null);
  const content = renderMessage(template, {});
  const recipients = new Set<string>();
  const problems: { index: number; recipient: string; reason: string }[] = [];
  for (const [index, given] of body.recipients.entries()) {
    try {
      const prepared = deps.messaging.prepareMessage(messagingChannelOf(body.channel), {
        recipient: given,
        content,
      });
      recipients.add(prepared.recipient);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      problems.push({ index, recipient: given, reason: error.message });
    }
  }
  if (problems.length > 0) throw badRecipients(problems);
  const now = new Date();
  const dueAt = body.scheduledTime ? new Date(body.scheduledTime) : now;
  const status = dueAt > now ? 'scheduled' : 'running';
  const batchId = newId();
  await deps.db.transaction(async (tx) => {
    await insertBatch(tx, {
      clientId: actor.clientId,
      id: batchId,
      source: 'self_service',
      channel: body.channel,
      type: 'self_service',
      template,
      status,
      scheduledAt: dueAt,
      startedAt: status === 'running' ? now : null,
      rowsRead: body.recipients.length,
      validCount: recipients.size,
      duplicateCount: body.recipients.length - recipients.size,
      createdBy: sender.email,
    });
    let rowNo = 1;
    for (const recipient of recipients) {
      await insertNotification(tx, {
        clientId: actor.clientId,
        id: newId(),
        batchId,
        rowNo: ++rowNo,
        channel: body.channel,
        recipient,
        params: {},
        dueAt,
      });
    }
  });
  return { batchId, status, recipients: recipients.size } as const;
}

function previewOf(template: CampaignTemplate): string {
  switch (template.channel) {
    case 'SMS':
    case 'TELEGRAM':
      return template.text;
    case 'EMAIL':
      return template.subject;
    case 'WHATSAPP':
      return template.name;
    case 'VOICE':
      return template.script ?? 'recording';
  }
}

/** history-self-service: the sender's own messages; the client's admins see everyone's. */
export async function listSelfServiceHistory(
  db: Executor,
  actor: Actor,
  query: {
    channel?: SelfServiceSend['channel'] | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
    pageSize: number;
    pageNumber: number;
  },
) {
  requireSelfService(actor);
  if (query.channel) requireFeatureOpen(actor, query.channel);
  const sentBy = hasRole(actor, CLIENT_ADMIN_ROLES) ? null : requireUser(actor).email;
  const days = await resolveLocalDays(db, actor.clientId, query, MAX_HISTORY_DAYS);
  const { rows, total } = await listSelfServiceRows(
    db,
    actor.clientId,
    { channel: query.channel, sentBy, days },
    { limit: query.pageSize, offset: query.pageNumber * query.pageSize },
  );
  return {
    items: rows.map(({ template, ...row }) => ({
      ...row,
      preview: previewOf(template),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total,
    pageSize: query.pageSize,
    pageNumber: query.pageNumber,
  };
}
