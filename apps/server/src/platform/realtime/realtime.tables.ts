import { bigint, index, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RealtimeAudience, RealtimePayload } from './realtime.types.js';

/** The last sequence number given out per client; its row lock serialises publishers of one client. */
export const realtimeCounters = pgTable('realtime_counters', {
  clientId: uuid('client_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

/** Every published event, kept for a while so a reconnecting socket can replay what it missed. */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    clientId: uuid('client_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    audience: jsonb('audience').$type<RealtimeAudience>().notNull(),
    payload: jsonb('payload').$type<RealtimePayload>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.seq] }),
    index('realtime_events_created_idx').on(t.clientId, t.createdAt),
  ],
);
