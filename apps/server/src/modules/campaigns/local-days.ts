import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.js';
import { AppError } from '../../platform/errors.js';
import { getClient } from '../clients/index.js';

/**
 * Whole local days [startDate, endDate] of the client's time zone (spec §9; Asia/Jakarta by default),
 * as the campaign screens filter and count them; PostgreSQL turns them into instants with the zone rules.
 */
export type LocalDays = { startDate: string; endDate: string; timeZone: string };

const DAY = 86_400_000;
const badRange = (message: string) => new AppError(400, 'invalid_date_range', message);

/**
 * The client's days: today by default; the end defaults to the start; never backwards, never longer
 * than `maxDays`.
 */
export async function resolveLocalDays(
  db: Executor,
  clientId: string,
  range: { startDate?: string | undefined; endDate?: string | undefined },
  maxDays: number,
): Promise<LocalDays> {
  const { timezone: timeZone } = await getClient(db, clientId);
  const today = new Date().toLocaleDateString('en-CA', { timeZone });
  const startDate = range.startDate ?? range.endDate ?? today;
  const endDate = range.endDate ?? startDate;
  if (endDate < startDate) throw badRange('The end date is before the start date.');
  if ((Date.parse(endDate) - Date.parse(startDate)) / DAY >= maxDays) {
    throw badRange(`Choose at most ${maxDays} days.`);
  }
  return { startDate, endDate, timeZone };
}

/** `column` falls within the local days. */
export function withinLocalDays(column: AnyColumn, days: LocalDays): SQL {
  return and(
    sql`${column} >= (${days.startDate}::date::timestamp at time zone ${days.timeZone})`,
    sql`${column} < ((${days.endDate}::date + 1)::timestamp at time zone ${days.timeZone})`,
  )!;
}
