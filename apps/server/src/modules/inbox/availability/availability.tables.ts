import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export type StoredPeriod = { day: number; start: string; end: string };
export type StoredHoliday = { date: string; name?: string | undefined };

/**
 * Weekly schedules of the inbox (decision 0036): the client's business hours (`scope` business, one
 * per client) and agents' own schedules (`scope` agent, one per agent). `scope_key` is `business` or
 * the agent's csId, so "one schedule each" is one unique index.
 */
export const csAvailability = pgTable(
  'cs_availability',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    scope: text('scope', { enum: ['business', 'agent'] }).notNull(),
    csId: uuid('cs_id'),
    scopeKey: text('scope_key').notNull(),
    name: text('name').notNull(),
    /** IANA zone; null follows the client's time zone. */
    timezone: text('timezone'),
    periods: jsonb('periods').$type<StoredPeriod[]>().notNull().default([]),
    holidays: jsonb('holidays').$type<StoredHoliday[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_availability_scope_key').on(t.clientId, t.scopeKey),
  ],
);

export type CsAvailabilityRow = typeof csAvailability.$inferSelect;
