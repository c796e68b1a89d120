import {
  ANALYTICS_MAX_RANGE_DAYS,
  type AnalyticsDashboardSave,
  AnalyticsDashboardSaveSchema,
  type AnalyticsWidget,
  AnalyticsWidgetSchema,
  type BotContainment,
  type CsResponseReport,
  DEFAULT_TIMEZONE,
  type WidgetData,
  type WidgetResult,
} from '@sapa/contracts';
import { z } from 'zod';
import { isId, newId } from '../../../lib/ids.js';
import { type Actor, actorLabel } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { startOfLocalDay } from '../dashboard/dashboard.repository.js';
import { datesBetween, getResponseReport, shiftDate } from '../dashboard/dashboard.service.js';
import {
  botContainmentByDay,
  deleteDashboard,
  findDashboard,
  insertDashboard,
  listDashboardRows,
  updateDashboard,
} from './analytics.repository.js';
import type { CsAnalyticsDashboardRow } from './analytics.tables.js';

export const dashboardNotFound = () => notFound('analytics_not_found', 'Analytics dashboard not found');
const badDate = () => new AppError(400, 'invalid_date', 'Dates must look like 2026-11-22');
const rangeTooLong = () =>
  new AppError(400, 'range_too_long', `Choose at most ${ANALYTICS_MAX_RANGE_DAYS} days`);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY = 86_400_000;

const StoredWidgetsSchema = z.array(AnalyticsWidgetSchema);

export function toDashboard(row: CsAnalyticsDashboardRow) {
  const widgets = StoredWidgetsSchema.safeParse(row.widgets);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    widgets: widgets.success ? widgets.data : [],
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function getDashboardRow(db: Executor, actor: Actor, id: string) {
  const row = isId(id) ? await findDashboard(db, actor.clientId, id) : null;
  if (!row) throw dashboardNotFound();
  return row;
}

/** Saved dashboards newest first; with `id` just that one (404 when it is not the client's). */
export async function listAnalyticsDashboards(
  db: Executor,
  actor: Actor,
  query: {
    id?: string | undefined;
    pageNumber?: number | undefined;
    pageSize?: number | undefined;
    search?: string | undefined;
  },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  if (query.id !== undefined) {
    const row = await getDashboardRow(db, actor, query.id);
    return { items: [toDashboard(row)], total: 1, pageNumber: 1, pageSize };
  }
  const { rows, total } = await listDashboardRows(db, actor.clientId, {
    search: query.search?.trim() || undefined,
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { items: rows.map(toDashboard), total, pageNumber, pageSize };
}

export async function saveAnalyticsDashboard(
  db: Executor,
  actor: Actor,
  id: string | undefined,
  input: AnalyticsDashboardSave,
) {
  const body = AnalyticsDashboardSaveSchema.parse(input);
  const values = { name: body.name, description: body.description || null, widgets: body.widgets };
  if (id === undefined) {
    return toDashboard(
      await insertDashboard(db, {
        clientId: actor.clientId,
        id: newId(),
        ...values,
        createdBy: actorLabel(actor),
      }),
    );
  }
  const row = isId(id) ? await updateDashboard(db, actor.clientId, id, values) : null;
  if (!row) throw dashboardNotFound();
  return toDashboard(row);
}

export async function deleteAnalyticsDashboard(db: Executor, actor: Actor, id: string) {
  const deleted = isId(id) ? await deleteDashboard(db, actor.clientId, id) : 0;
  if (!deleted) throw dashboardNotFound();
  return { deleted };
}

export type LocalRange = { from: string; to: string };

/** Checks a from..to of local days given together, or answers null when neither is given. */
export function explicitRange(query: {
  from?: string | undefined;
  to?: string | undefined;
}): LocalRange | null {
  if (query.from === undefined && query.to === undefined) return null;
  const from = query.from ?? query.to!;
  const to = query.to ?? query.from!;
  if (!DATE.test(from) || !DATE.test(to) || to < from || Number.isNaN(Date.parse(`${from}T00:00:00Z`)))
    throw badDate();
  if (datesBetween(from, to).length > ANALYTICS_MAX_RANGE_DAYS) throw rangeTooLong();
  return { from, to };
}

/** The last `days` local days ending on the local day of `now`. */
export function lastDays(days: number, now: Date, timezone: string): LocalRange {
  const today = now.toLocaleDateString('en-CA', { timeZone: timezone });
  return { from: shiftDate(today, -(days - 1)), to: today };
}

/** Bot containment over local days from..to. */
export async function getBotContainment(
  db: Executor,
  clientId: string,
  range: LocalRange,
  timezone: string,
): Promise<BotContainment> {
  const start = await startOfLocalDay(db, range.from, timezone);
  const end = new Date((await startOfLocalDay(db, range.to, timezone)).getTime() + DAY);
  const days = await botContainmentByDay(db, clientId, start, end, timezone);
  const sum = (key: 'total' | 'contained' | 'handedOff') => days.reduce((total, day) => total + day[key], 0);
  const [total, contained, handedOff] = [sum('total'), sum('contained'), sum('handedOff')];
  const ended = contained + handedOff;
  return {
    botConversations: total,
    contained,
    handedOff,
    inProgress: total - ended,
    containmentRate: ended ? Math.round((contained / ended) * 1000) / 10 : null,
    byDay: datesBetween(range.from, range.to).map((date) => {
      const day = days.find((row) => row.day === date);
      return { date, contained: day?.contained ?? 0, handedOff: day?.handedOff ?? 0 };
    }),
  };
}

function durationData(report: CsResponseReport, key: 'firstResponse' | 'resolution') {
  return {
    count: report.overall[key].count,
    median: report.overall[key].median,
    p90: report.overall[key].p90,
    byDay: report.byDay.map((day) => ({ date: day.date, count: day[key].count, median: day[key].median })),
  };
}

/**
 * The figures of widgets: each over `range` when given, otherwise over its own last N local days
 * ending at `now`. Widgets sharing a range share one pass over the rooms.
 */
export async function computeWidgets(
  db: Executor,
  actor: Actor,
  widgets: AnalyticsWidget[],
  options: { range: LocalRange | null; timezone?: string | undefined; now?: Date },
): Promise<WidgetResult[]> {
  const timezone = options.timezone ?? DEFAULT_TIMEZONE;
  const now = options.now ?? new Date();
  const reports = new Map<string, Promise<CsResponseReport>>();
  const bots = new Map<string, Promise<BotContainment>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    if (!cache.has(key)) cache.set(key, load());
    return cache.get(key)!;
  };
  const results: WidgetResult[] = [];
  // One at a time: PGlite has one connection, and a transaction-less pass is cheap.
  for (const widget of widgets) {
    const range = options.range ?? lastDays(widget.rangeDays, now, timezone);
    const key = `${range.from}..${range.to}`;
    let data: WidgetData;
    if (widget.kind === 'botContainment') {
      const figures = await once(bots, key, () => getBotContainment(db, actor.clientId, range, timezone));
      data = { kind: 'botContainment', ...figures };
    } else {
      const report = await once(reports, key, () => getResponseReport(db, actor, range, timezone));
      if (widget.kind === 'conversationsByHour')
        data = { kind: widget.kind, total: report.overall.conversations, byHour: report.byHour };
      else if (widget.kind === 'firstResponseTime')
        data = { kind: widget.kind, ...durationData(report, 'firstResponse') };
      else if (widget.kind === 'resolutionTime')
        data = { kind: widget.kind, ...durationData(report, 'resolution') };
      else
        data = {
          kind: 'agentLoad',
          agents: report.byAgent.map((agent) => ({
            csId: agent.csId,
            name: agent.name,
            conversations: agent.conversations,
            resolved: agent.resolution.count,
            firstResponseMedian: agent.firstResponse.median,
          })),
        };
    }
    results.push({ widget, from: range.from, to: range.to, timezone, data });
  }
  return results;
}

/** GET /dashboard/analytics: a saved dashboard with its widgets' figures. */
export async function getDashboardAnalytics(
  db: Executor,
  actor: Actor,
  query: { id: string; from?: string | undefined; to?: string | undefined },
  timezone?: string,
) {
  const range = explicitRange(query);
  const row = await getDashboardRow(db, actor, query.id);
  const dashboard = toDashboard(row);
  return { dashboard, results: await computeWidgets(db, actor, dashboard.widgets, { range, timezone }) };
}

/** PUT /dashboard/analytics: figures of widgets not saved yet (the editor's preview). */
export async function previewDashboardAnalytics(
  db: Executor,
  actor: Actor,
  query: { isArray?: 'true' | 'false' | undefined; from?: string | undefined; to?: string | undefined },
  body: AnalyticsWidget | AnalyticsWidget[],
  timezone?: string,
) {
  const isArray = query.isArray === 'true';
  if (isArray !== Array.isArray(body))
    throw new AppError(
      400,
      'invalid_widgets',
      isArray ? 'With isArray=true send an array of widgets' : 'Send one widget, or set isArray=true',
    );
  const widgets = Array.isArray(body) ? body : [body];
  const range = explicitRange(query);
  return { dashboard: null, results: await computeWidgets(db, actor, widgets, { range, timezone }) };
}

/** GET /dashboard/chatbotDashboard: bot containment over from..to (default the last 7 local days). */
export async function getChatbotDashboard(
  db: Executor,
  actor: Actor,
  query: { from?: string | undefined; to?: string | undefined },
  timezone = DEFAULT_TIMEZONE,
) {
  const range = explicitRange(query) ?? lastDays(7, new Date(), timezone);
  return { ...range, timezone, ...(await getBotContainment(db, actor.clientId, range, timezone)) };
}
