import type { ResourceChannel, ResourceKind } from '@sapa/contracts';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A client's resources library (decision 0045): named files of a channel area, each over one stored
 * file (`stored_files`, content-addressed per client). The type is what the file's bytes showed.
 */
export const campaignResources = pgTable(
  'campaign_resources',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    channel: text('channel').$type<ResourceChannel>().notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<ResourceKind>().notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** How long a recording plays (WAV, MP3), read from the file at upload. */
    durationMs: integer('duration_ms'),
    fileId: uuid('file_id').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    // The same file once per area: a second upload of it names the one already there.
    uniqueIndex('campaign_resources_file_key').on(t.clientId, t.channel, t.fileId),
    index('campaign_resources_list_idx').on(t.clientId, t.channel, t.createdAt, t.id),
  ],
);
export type CampaignResourceRow = typeof campaignResources.$inferSelect;
