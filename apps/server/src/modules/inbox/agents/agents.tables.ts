import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * People of the inbox: CS agents, managers (supervisors) and internal users. One table, `kind` tells
 * them apart; each is linked to the portal user with the same email (decision 0009).
 */
export const csAgents = pgTable(
  'cs_agents',
  {
    clientId: uuid('client_id').notNull(),
    /** The agent's csId. */
    id: uuid('id').notNull(),
    kind: text('kind', { enum: ['cs', 'manager', 'internal'] }).notNull(),
    userId: uuid('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    activeBot: boolean('active_bot').notNull().default(false),
    botName: text('bot_name'),
    csData: jsonb('cs_data').$type<Record<string, unknown>>().notNull().default({}),
    percentageWeight: integer('percentage_weight').notNull().default(100),
    /** Open rooms this agent may hold at once. */
    capacity: integer('capacity').notNull().default(10),
    deactivated: boolean('deactivated').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    oneSignalId: text('one_signal_id'),
    status: text('status', { enum: ['online', 'away', 'offline'] })
      .notNull()
      .default('offline'),
    statusSince: timestamp('status_since', { withTimezone: true }).notNull().defaultNow(),
    /** Rooms ever assigned: weighted routing compares it with the weight. */
    assignedCount: integer('assigned_count').notNull().default(0),
    /** When routing last gave this agent a room: round robin serves the agent waiting longest. */
    lastAssignedAt: timestamp('last_assigned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('cs_agents_email_key').on(t.clientId, t.kind, t.email),
    index('cs_agents_status_idx').on(t.clientId, t.kind, t.status),
  ],
);

/** Status intervals of an agent: log-in (online) and log-out (offline) times come from here. */
export const csAgentStatusLogs = pgTable(
  'cs_agent_status_logs',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    csId: uuid('cs_id').notNull(),
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    index('cs_agent_status_logs_cs_idx').on(t.clientId, t.csId, t.startedAt),
  ],
);

export type CsAgentRow = typeof csAgents.$inferSelect;

/**
 * Live sockets of an agent, per server process (`node_id`): presence follows them (issue 13). A
 * process refreshes `seen_at` of its rows while their sockets live; a row whose process died goes
 * stale, so no agent stays connected after a crash or restart.
 */
export const csAgentConnections = pgTable(
  'cs_agent_connections',
  {
    clientId: uuid('client_id').notNull(),
    csId: uuid('cs_id').notNull(),
    nodeId: text('node_id').notNull(),
    sockets: integer('sockets').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.csId, t.nodeId] })],
);
