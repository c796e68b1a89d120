import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Files we keep (copied provider media, uploads). The bytes live once on disk, named by their SHA-256;
 * each client gets its own row, so a file is only ever served to that client's users.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    clientId: uuid('client_id').notNull(),
    id: uuid('id').notNull(),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileName: text('file_name'),
    /**
     * The one feature that may delete this file (e.g. `campaign-pdf`, decision 0052); null when nothing
     * may: a file saved again by another feature with the same content becomes null, so a retention job
     * never deletes bytes something else still shows.
     */
    owner: text('owner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.id] }),
    uniqueIndex('stored_files_sha_key').on(t.clientId, t.sha256),
    // Whether any client still keeps a content before its bytes are deleted.
    index('stored_files_sha_idx').on(t.sha256),
  ],
);
