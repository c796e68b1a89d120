import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { newId } from '../../lib/ids.js';
import type { Executor } from '../database.js';
import { notFound } from '../errors.js';
import { storedFiles } from './storage.tables.js';

export type StoredFile = typeof storedFiles.$inferSelect;

export const fileNotFound = () => notFound('file_not_found', 'This file does not exist.');

/** Where a stored file is served to the users of its client. */
export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

/** Content-addressed files under DATA_DIR/files; the database says which client may read which file. */
export type Storage = {
  save(
    executor: Executor,
    input: { clientId: string; bytes: Buffer; mimeType: string; fileName: string | null },
  ): Promise<StoredFile>;
  get(executor: Executor, clientId: string, fileId: string): Promise<StoredFile>;
  open(file: StoredFile): NodeJS.ReadableStream;
};

export function createStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'files');
  const pathOf = (sha256: string) => path.join(root, sha256.slice(0, 2), sha256);

  return {
    async save(executor, { clientId, bytes, mimeType, fileName }) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const target = pathOf(sha256);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file, and the same content written twice is one file.
      const temporary = `${target}.${newId()}.tmp`;
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, target);
      const [inserted] = await executor
        .insert(storedFiles)
        .values({ clientId, id: newId(), sha256, mimeType, size: bytes.length, fileName })
        .onConflictDoNothing()
        .returning();
      if (inserted) return inserted;
      const [existing] = await executor
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.clientId, clientId), eq(storedFiles.sha256, sha256)));
      return existing!;
    },
    async get(executor, clientId, fileId) {
      const [row] = await executor
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.clientId, clientId), eq(storedFiles.id, fileId)));
      if (!row) throw fileNotFound();
      return row;
    },
    open(file) {
      return createReadStream(pathOf(file.sha256));
    },
  };
}
