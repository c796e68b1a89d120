import {
  type AnalyticsWidgetKind,
  DEFAULT_TIMEZONE,
  type EmailPulseSave,
  EmailPulseSaveSchema,
  type EmailPulseStatus,
  type WidgetResult,
} from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import { type Actor, actorLabel, systemActor } from '../../../platform/actor.js';
import type { Database, Executor } from '../../../platform/database.js';
import { notFound } from '../../../platform/errors.js';
import type { Mailer } from '../../../platform/mail/index.js';
import { findClient } from '../../clients/index.js';
import {
  claimPulseRun,
  findPulse,
  insertPulse,
  listPulseRows,
  markPulseSent,
  unsafeListDuePulses,
  updatePulse,
} from './analytics.repository.js';
import { computeWidgets } from './analytics.service.js';
import type { CsEmailPulseRow } from './analytics.tables.js';
import { nextPulseRun, pulsePeriod } from './pulse-schedule.js';

export const EMAIL_PULSE_TICK_JOB = 'analytics.email-pulse.tick';
export const EMAIL_PULSE_SEND_JOB = 'analytics.email-pulse.send';
export type EmailPulseSendData = { clientId: string; pulseId: string; runAt: string };

export const pulseNotFound = () => notFound('email_pulse_not_found', 'Email pulse not found');

const timezoneOf = async (db: Executor, clientId: string) =>
  (await findClient(db, clientId))?.timezone ?? DEFAULT_TIMEZONE;

export function toEmailPulse(row: CsEmailPulseRow, timezone: string) {
  return {
    id: row.id,
    name: row.name,
    recipients: row.recipients,
    widgets: row.widgets as AnalyticsWidgetKind[],
    frequency: row.frequency,
    dayOfWeek: row.dayOfWeek,
    hour: row.hour,
    timezone,
    status: row.status,
    nextRunAt: row.nextRunAt?.toISOString() ?? null,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function getPulseRow(db: Executor, actor: Actor, id: string) {
  const row = isId(id) ? await findPulse(db, actor.clientId, id) : null;
  if (!row) throw pulseNotFound();
  return row;
}

export async function listEmailPulses(
  db: Executor,
  actor: Actor,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined; search?: string | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  const timezone = await timezoneOf(db, actor.clientId);
  const { rows, total } = await listPulseRows(db, actor.clientId, {
    search: query.search?.trim() || undefined,
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { items: rows.map((row) => toEmailPulse(row, timezone)), total, pageNumber, pageSize };
}

function scheduleValues(body: EmailPulseSave) {
  return {
    name: body.name,
    recipients: [...new Set(body.recipients.map((address) => address.toLowerCase()))],
    widgets: [...new Set(body.widgets)],
    frequency: body.frequency,
    dayOfWeek: body.frequency === 'weekly' ? (body.dayOfWeek ?? 1) : null,
    hour: body.hour,
  };
}

export async function createEmailPulse(db: Executor, actor: Actor, input: EmailPulseSave, now = new Date()) {
  const values = scheduleValues(EmailPulseSaveSchema.parse(input));
  const timezone = await timezoneOf(db, actor.clientId);
  const row = await insertPulse(db, {
    clientId: actor.clientId,
    id: newId(),
    ...values,
    status: 'active',
    nextRunAt: nextPulseRun(values, timezone, now),
    createdBy: actorLabel(actor),
  });
  return toEmailPulse(row, timezone);
}

export async function updateEmailPulse(
  db: Executor,
  actor: Actor,
  id: string,
  input: EmailPulseSave,
  now = new Date(),
) {
  const values = scheduleValues(EmailPulseSaveSchema.parse(input));
  const row = await getPulseRow(db, actor, id);
  const timezone = await timezoneOf(db, actor.clientId);
  const updated = await updatePulse(db, actor.clientId, row.id, {
    ...values,
    nextRunAt: row.status === 'active' ? nextPulseRun(values, timezone, now) : null,
  });
  if (!updated) throw pulseNotFound();
  return toEmailPulse(updated, timezone);
}

/** Pauses a pulse (no next run) or makes it active again from now on. */
export async function changeEmailPulseStatus(
  db: Executor,
  actor: Actor,
  id: string,
  status: EmailPulseStatus,
  now = new Date(),
) {
  const row = await getPulseRow(db, actor, id);
  const timezone = await timezoneOf(db, actor.clientId);
  const updated = await updatePulse(db, actor.clientId, row.id, {
    status,
    nextRunAt: status === 'active' ? nextPulseRun(row, timezone, now) : null,
  });
  if (!updated) throw pulseNotFound();
  return toEmailPulse(updated, timezone);
}

/**
 * The scheduler's tick: claims every active pulse whose run is due at `now` (moving its next run on)
 * and queues one send job per claimed run. A pulse that missed several runs (the workers were down)
 * sends once and continues from now.
 */
export async function scheduleDueEmailPulses(
  db: Database,
  enqueue: (data: EmailPulseSendData) => Promise<unknown>,
  now = new Date(),
) {
  const due = await unsafeListDuePulses(db, now, 500);
  let queued = 0;
  for (const pulse of due) {
    const timezone = await timezoneOf(db, pulse.clientId);
    const runAt = pulse.nextRunAt!;
    let next = nextPulseRun(pulse, timezone, runAt);
    if (next.getTime() <= now.getTime()) next = nextPulseRun(pulse, timezone, now);
    if (!(await claimPulseRun(db, pulse.clientId, pulse.id, runAt, next))) continue;
    await enqueue({ clientId: pulse.clientId, pulseId: pulse.id, runAt: runAt.toISOString() });
    queued++;
  }
  return { queued };
}

const duration = (seconds: number | null) => {
  if (seconds === null) return 'no data';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes}m ${whole % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
};

/** The digest's lines for one widget's figures. */
export function describeWidget(result: WidgetResult): string[] {
  const { data } = result;
  switch (data.kind) {
    case 'conversationsByHour': {
      const busiest = data.byHour.reduce((top, hour) =>
        hour.conversations > top.conversations ? hour : top,
      );
      return [
        `Conversations: ${data.total}`,
        data.total
          ? `  Busiest hour: ${String(busiest.hour).padStart(2, '0')}:00 (${busiest.conversations} conversations)`
          : '  No conversations started',
      ];
    }
    case 'firstResponseTime':
    case 'resolutionTime':
      return [
        `${data.kind === 'firstResponseTime' ? 'First response time' : 'Resolution time'}: median ${duration(data.median)}, 90th percentile ${duration(data.p90)} (${data.count} conversations)`,
      ];
    case 'botContainment':
      return [
        `Bot containment: ${data.containmentRate === null ? 'no data' : `${data.containmentRate}%`} (${data.contained} closed by the bot, ${data.handedOff} handed to agents, ${data.inProgress} in progress)`,
      ];
    case 'agentLoad':
      return [
        'Agent load:',
        ...(data.agents.length
          ? data.agents.map(
              (agent) =>
                `  ${agent.name}: ${agent.conversations} conversations, ${agent.resolved} resolved, first response median ${duration(agent.firstResponseMedian)}`,
            )
          : ['  No conversations held by agents']),
      ];
  }
}

/**
 * Sends one scheduled digest to each recipient, with the figures of the period before `runAt`.
 * Idempotent per run: the run is recorded before the mail leaves and given back if sending fails, so a
 * retried job sends it then and a repeated one does nothing.
 */
export async function sendEmailPulse(db: Database, mailer: Mailer, data: EmailPulseSendData) {
  const runAt = new Date(data.runAt);
  const pulse = await findPulse(db, data.clientId, data.pulseId);
  if (pulse?.status !== 'active') return { sent: 0 };
  const timezone = await timezoneOf(db, pulse.clientId);
  const period = pulsePeriod(pulse.frequency, runAt, timezone);
  const actor = systemActor(pulse.clientId, EMAIL_PULSE_SEND_JOB);
  const results = await computeWidgets(
    db,
    actor,
    pulse.widgets.map((kind) => ({ kind: kind as AnalyticsWidgetKind, rangeDays: 1 })),
    { range: period, timezone, now: runAt },
  );
  const previous = { lastRunFor: pulse.lastRunFor, lastSentAt: pulse.lastSentAt };
  if (!(await markPulseSent(db, pulse.clientId, pulse.id, runAt, new Date()))) return { sent: 0 };
  const range = period.from === period.to ? period.from : `${period.from} to ${period.to}`;
  const text = [
    `${pulse.name}`,
    `Customer service figures for ${range} (${timezone})`,
    '',
    ...results.flatMap((result) => [...describeWidget(result), '']),
    `Sent by Sapa's email pulse (${pulse.frequency}). A super admin can pause it under Analytics > Email pulse.`,
  ].join('\n');
  try {
    for (const to of pulse.recipients) {
      await mailer.send({ clientId: pulse.clientId, to, subject: `${pulse.name}: ${range}`, text });
    }
  } catch (error) {
    await updatePulse(db, pulse.clientId, pulse.id, previous);
    throw error;
  }
  return { sent: pulse.recipients.length };
}
