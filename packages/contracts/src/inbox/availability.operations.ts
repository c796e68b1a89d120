import { z } from 'zod';
import { pageOf } from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';
import { pageSizeQuery } from '../operations/query-fields.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';

/**
 * CS availability (spec §7 `/cs-availability`, screen `/config/CSAvailability`): the client's business
 * hours and each agent's own schedule, as weekly periods plus holidays (decision 0036).
 */

/** A time of day, `HH:MM` on a 24-hour clock; `24:00` ends a period at midnight. */
export const TimeOfDaySchema = z
  .string()
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Use a time such as 08:30 (00:00 to 24:00)');

/** One open period of a day of the week: 0 is Sunday … 6 is Saturday, in the schedule's time zone. */
export const AvailabilityPeriodSchema = z
  .object({
    day: z
      .number()
      .int()
      .min(0, 'Days run from 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Days run from 0 (Sunday) to 6 (Saturday)'),
    start: TimeOfDaySchema,
    end: TimeOfDaySchema,
  })
  .refine((period) => period.start < period.end, {
    message: 'A period must end after it starts',
    path: ['end'],
  });
export type AvailabilityPeriod = z.infer<typeof AvailabilityPeriodSchema>;

/** A whole day closed (a public holiday, an agent's leave), in the schedule's time zone. */
export const AvailabilityHolidaySchema = z.object({
  date: z.iso.date({ error: 'Use a date such as 2026-12-25' }),
  name: z.string().trim().max(100).optional(),
});
export type AvailabilityHoliday = z.infer<typeof AvailabilityHolidaySchema>;

export const AVAILABILITY_SCOPES = ['business', 'agent'] as const;
export type AvailabilityScope = (typeof AVAILABILITY_SCOPES)[number];

export const CsAvailabilitySchema = z.object({
  id: z.string(),
  /** `business`: the client's opening hours; `agent`: the schedule of the agent `csId`. */
  scope: z.enum(AVAILABILITY_SCOPES),
  csId: z.string().nullable(),
  csName: z.string().nullable(),
  name: z.string(),
  /** IANA time zone; null follows the client's time zone. */
  timezone: z.string().nullable(),
  periods: z.array(AvailabilityPeriodSchema),
  holidays: z.array(AvailabilityHolidaySchema),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CsAvailability = z.infer<typeof CsAvailabilitySchema>;

export const CsAvailabilityPageSchema = pageOf(CsAvailabilitySchema);

const TimezoneSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$|^UTC$/, 'Choose a timezone such as Asia/Jakarta')
  .refine((zone) => isKnownTimezone(zone), 'Choose a timezone such as Asia/Jakarta');

/** True when this runtime knows the IANA zone (both the server and the browser run it). */
export function isKnownTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const availabilityFields = {
  name: z.string().trim().min(1, 'Give the schedule a name').max(100),
  timezone: TimezoneSchema.nullable().optional(),
  periods: z.array(AvailabilityPeriodSchema).max(100, 'At most 100 periods a week'),
  holidays: z.array(AvailabilityHolidaySchema).max(400, 'At most 400 holidays').default([]),
  enabled: z.boolean().default(true),
};

/** POST: a new schedule, for the business or for one agent (one schedule each). */
export const CsAvailabilityCreateSchema = z
  .object({
    scope: z.enum(AVAILABILITY_SCOPES),
    csId: z.string().max(64).nullable().optional(),
    ...availabilityFields,
  })
  .refine((body) => body.scope === 'business' || !!body.csId, {
    message: 'Choose the agent this schedule belongs to',
    path: ['csId'],
  });
export type CsAvailabilityCreate = z.input<typeof CsAvailabilityCreateSchema>;

/** PUT: replaces the named schedule's fields (its scope and agent stay). */
export const CsAvailabilityUpdateSchema = z.object({ id: z.string().max(64), ...availabilityFields });
export type CsAvailabilityUpdate = z.input<typeof CsAvailabilityUpdateSchema>;

const errors = [400, 404, 409] as const;

export const availabilityOperations = {
  listAvailability: defineOperation({
    method: 'GET',
    path: '/api/cs/cs-availability',
    access: inboxAccess.admins,
    tags,
    summary: 'Business hours and agents’ schedules (the business schedule first), paged',
    query: z.object({
      id: z.string().max(64).optional(),
      pageNumber: z.coerce.number().int().min(0).optional(),
      pageSize: pageSizeQuery(200),
    }),
    response: CsAvailabilityPageSchema,
    errors,
  }),
  createAvailability: defineOperation({
    method: 'POST',
    path: '/api/cs/cs-availability',
    access: inboxAccess.admins,
    tags,
    summary: 'Create the business hours or an agent’s schedule: weekly periods and holidays',
    body: CsAvailabilityCreateSchema,
    response: CsAvailabilitySchema,
    errors,
  }),
  updateAvailability: defineOperation({
    method: 'PUT',
    path: '/api/cs/cs-availability',
    access: inboxAccess.admins,
    tags,
    summary: 'Change a schedule’s periods, holidays, time zone or switch',
    body: CsAvailabilityUpdateSchema,
    response: CsAvailabilitySchema,
    errors,
  }),
  deleteAvailability: defineOperation({
    method: 'DELETE',
    path: '/api/cs/cs-availability',
    access: inboxAccess.admins,
    tags,
    summary: 'Delete a schedule (an agent without one follows the business hours)',
    query: z.object({ id: z.string().max(64) }),
    response: z.object({ deleted: z.number() }),
    errors,
  }),
};
