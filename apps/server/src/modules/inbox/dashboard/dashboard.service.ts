import { CS_DAILY_MAX_DAYS, DEFAULT_TIMEZONE } from '@sapa/contracts';
import type { Actor } from '../../../platform/actor.js';
import { writeCsv } from '../../../platform/csv.js';
import type { Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import {
  activeCustomersByHour,
  agentNames,
  conversationTotals,
  countActiveAgents,
  csatTotals,
  type DurationRow,
  dailyActivity,
  listAgentStatuses,
  responseTimeFigures,
  startOfLocalDay,
} from './dashboard.repository.js';

const badDate = () => new AppError(400, 'invalid_date', 'Dates must look like 2026-11-22');
const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A chart of more than a quarter is unreadable as daily bars; the limit also bounds the query. */
const MAX_DAILY_DAYS = CS_DAILY_MAX_DAYS;
const rangeTooLong = () =>
  new AppError(400, 'range_too_long', `Choose at most ${MAX_DAILY_DAYS} days for the daily charts`);

/** Totals for whole local days from startDate to endDate (default: today), in the client's time zone. */
export async function getDashboard(
  db: Executor,
  actor: Actor,
  query: { startDate?: string | undefined; endDate?: string | undefined },
  timezone = DEFAULT_TIMEZONE,
) {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: timezone });
  const startDate = query.startDate ?? today;
  const endDate = query.endDate ?? startDate;
  if (!DATE.test(startDate) || !DATE.test(endDate) || endDate < startDate) throw badDate();
  const from = await startOfLocalDay(db, startDate, timezone);
  const to = new Date((await startOfLocalDay(db, endDate, timezone)).getTime() + DAY);
  const totals = await conversationTotals(db, actor.clientId, from, to);
  const activeCs = await countActiveAgents(db, actor.clientId, from, to);
  const csat = await csatTotals(db, actor.clientId, from, to);
  return {
    startDate,
    endDate,
    totalConversation: totals.total,
    openConversation: totals.open,
    closedConversation: totals.closed,
    activeCs,
    csat,
  };
}

export async function getRealtimeStatus(
  db: Executor,
  actor: Actor,
  query: { pageSize?: number | undefined; pageNumber?: number | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  const { rows, total } = await listAgentStatuses(db, actor.clientId, {
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return {
    items: rows.map((row) => ({
      ...row,
      statusSince: row.statusSince.toISOString(),
      openRooms: Number(row.openRooms),
    })),
    total,
    pageNumber,
    pageSize,
  };
}

export async function getDailyActiveCustomers(
  db: Executor,
  actor: Actor,
  date: string | undefined,
  timezone = DEFAULT_TIMEZONE,
) {
  const day = date ?? new Date().toLocaleDateString('en-CA', { timeZone: timezone });
  if (!DATE.test(day)) throw badDate();
  const from = await startOfLocalDay(db, day, timezone);
  const { total, byHour } = await activeCustomersByHour(
    db,
    actor.clientId,
    from,
    new Date(from.getTime() + DAY),
    timezone,
  );
  const hours = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    customers: byHour.find((h) => h.hour === hour)?.customers ?? 0,
  }));
  return { date: day, timezone, total, byHour: hours };
}

/** Calendar dates from..to inclusive, counted without a time zone (plain dates). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += DAY) {
    dates.push(new Date(time).toISOString().slice(0, 10));
  }
  return dates;
}

/**
 * Local days from..to (default: the last 7 days to today) with the instants they span; refused when
 * malformed, backwards or longer than the daily charts allow.
 */
async function localDayRange(
  db: Executor,
  query: { from?: string | undefined; to?: string | undefined },
  timezone: string,
) {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: timezone });
  const to = query.to ?? today;
  const from = query.from ?? (DATE.test(to) ? shiftDate(to, -6) : to);
  if (!DATE.test(from) || !DATE.test(to) || to < from) throw badDate();
  const dates = datesBetween(from, to);
  if (dates.length > MAX_DAILY_DAYS) throw rangeTooLong();
  const start = await startOfLocalDay(db, from, timezone);
  const end = new Date((await startOfLocalDay(db, to, timezone)).getTime() + DAY);
  return { from, to, dates, start, end };
}

/** Active customers and tickets for each local day from..to (default: the last 7 days to today). */
export async function getDailySeries(
  db: Executor,
  actor: Actor,
  query: { from?: string | undefined; to?: string | undefined },
  timezone = DEFAULT_TIMEZONE,
) {
  const { from, to, dates, start, end } = await localDayRange(db, query, timezone);
  const { customers, tickets } = await dailyActivity(db, actor.clientId, start, end, timezone);
  return {
    from,
    to,
    timezone,
    days: dates.map((date) => ({
      date,
      activeCustomers: customers.get(date) ?? 0,
      tickets: tickets.get(date) ?? 0,
    })),
  };
}

export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const seconds = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
function figures(row: DurationRow | undefined) {
  return {
    conversations: row?.conversations ?? 0,
    firstResponse: {
      count: row?.firstCount ?? 0,
      median: seconds(row?.firstMedian ?? null),
      p90: seconds(row?.firstP90 ?? null),
    },
    resolution: {
      count: row?.resolvedCount ?? 0,
      median: seconds(row?.resolvedMedian ?? null),
      p90: seconds(row?.resolvedP90 ?? null),
    },
  };
}

/**
 * How fast the client's customers are helped over local days from..to (default: the last 7 days):
 * first response and resolution times, median and p90, overall, per agent and per day, and
 * conversations by local hour (spec §9: days and hours in the client's time zone).
 */
export async function getResponseReport(
  db: Executor,
  actor: Actor,
  query: { from?: string | undefined; to?: string | undefined },
  timezone = DEFAULT_TIMEZONE,
) {
  const { from, to, dates, start, end } = await localDayRange(db, query, timezone);
  const rows = await responseTimeFigures(db, actor.clientId, start, end, timezone);
  const of = (kind: DurationRow['kind']) => rows.filter((row) => row.kind === kind);
  const names = await agentNames(
    db,
    actor.clientId,
    of('agent').map((row) => row.key!),
  );
  return {
    from,
    to,
    timezone,
    overall: figures(of('all')[0]),
    byAgent: of('agent')
      .map((row) => ({ csId: row.key!, name: names.get(row.key!) ?? row.key!, ...figures(row) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    byDay: dates.map((date) => ({ date, ...figures(of('day').find((row) => row.key === date)) })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      conversations: of('hour').find((row) => row.key === String(hour))?.conversations ?? 0,
    })),
  };
}

/** The response-time report as CSV: one row overall, then per agent, per day and per hour. */
export async function exportResponseReportCsv(
  db: Executor,
  actor: Actor,
  query: { from?: string | undefined; to?: string | undefined },
  timezone = DEFAULT_TIMEZONE,
) {
  const report = await getResponseReport(db, actor, query, timezone);
  const line = (scope: string, key: string, name: string, row: ReturnType<typeof figures>) => ({
    scope,
    key,
    name,
    conversations: row.conversations,
    firstResponseCount: row.firstResponse.count,
    firstResponseMedianSeconds: row.firstResponse.median ?? '',
    firstResponseP90Seconds: row.firstResponse.p90 ?? '',
    resolutionCount: row.resolution.count,
    resolutionMedianSeconds: row.resolution.median ?? '',
    resolutionP90Seconds: row.resolution.p90 ?? '',
  });
  const rows = [
    line('overall', `${report.from}..${report.to}`, report.timezone, report.overall),
    ...report.byAgent.map((agent) => line('agent', agent.csId, agent.name, agent)),
    ...report.byDay.map((day) => line('day', day.date, '', day)),
    ...report.byHour.map((hour) =>
      line('hour', String(hour.hour).padStart(2, '0'), '', {
        ...figures(undefined),
        conversations: hour.conversations,
      }),
    ),
  ];
  return {
    fileName: `response-times-${report.from}-${report.to}.csv`,
    csv: writeCsv(rows, Object.keys(rows[0]!) as (keyof (typeof rows)[number])[]),
  };
}
