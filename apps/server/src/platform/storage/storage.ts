import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isId, newId } from '../../lib/ids.js';
import { inClient } from '../client-scope.js';
import { type Executor, isTransaction } from '../database.js';
import { notFound } from '../errors.js';
import { storedFiles } from './storage.tables.js';

export type StoredFile = typeof storedFiles.$inferSelect;

export const fileNotFound = () => notFound('file_not_found', 'This file does not exist.');

/** Where a stored file is served to the users of its client. */
export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

const FILE_PATH = /^\/api\/files\/([0-9a-f-]{36})$/;
const SHARED_PATH = /^\/api\/files\/shared\/([0-9a-f-]{36})\/([0-9a-f-]{36})$/;

export type OwnFileLink =
  | { kind: 'file'; fileId: string }
  | { kind: 'shared'; clientId: string; fileId: string; expires: number; signature: string };

/**
 * Reads a link that names one of our stored files: `/api/files/{id}` or a shared link, relative or
 * under `publicUrl`. Anything else (another host, another scheme, another path) answers null. It does
 * not say the file exists, nor whose it is: `get` and `getShared` do.
 */
export function parseOwnFileLink(link: string, publicUrl: string | undefined): OwnFileLink | null {
  const relative = link.startsWith('/') && !link.startsWith('//');
  const local = relative
    ? link
    : publicUrl && link.startsWith(`${publicUrl}/`)
      ? link.slice(publicUrl.length)
      : null;
  if (local === null) return null;
  let url: URL;
  try {
    url = new URL(local, 'http://own.invalid');
  } catch {
    return null;
  }
  // The raw path must already be the normal one: no dot segments, escapes or fragments.
  if (url.origin !== 'http://own.invalid' || local.split('?')[0] !== url.pathname || url.hash) return null;
  const file = FILE_PATH.exec(url.pathname);
  if (file && url.search === '' && isId(file[1]!)) return { kind: 'file', fileId: file[1]! };
  const shared = SHARED_PATH.exec(url.pathname);
  const expires = Number(url.searchParams.get('expires'));
  const signature = url.searchParams.get('signature');
  if (!shared || !isId(shared[1]!) || !isId(shared[2]!)) return null;
  if (!Number.isSafeInteger(expires) || !signature) return null;
  return { kind: 'shared', clientId: shared[1]!, fileId: shared[2]!, expires, signature };
}

/** Content-addressed files under DATA_DIR/files; the database says which client may read which file. */
export type Storage = {
  /**
   * `owner` names the one feature that may later `discard` the file (decision 0052); without it the
   * file is kept for good, and so is a file some other save already holds with the same content.
   */
  save(
    executor: Executor,
    input: { clientId: string; bytes: Buffer; mimeType: string; fileName: string | null; owner?: string },
  ): Promise<StoredFile>;
  /**
   * Saves a file as it is produced (a large export) or uploaded, never holding it whole in memory.
   * `mimeType` may be read from the file's first bytes (at most 16); a function that throws refuses the
   * file, which is then not kept.
   */
  saveStream(
    executor: Executor,
    input: {
      clientId: string;
      source: AsyncIterable<Buffer | string>;
      mimeType: string | ((head: Buffer) => string);
      fileName: string | null;
    },
  ): Promise<StoredFile>;
  get(executor: Executor, clientId: string, fileId: string): Promise<StoredFile>;
  open(file: StoredFile): NodeJS.ReadableStream;
  /** Whether a file's bytes are still on disk (a file discarded while its row was being read is not). */
  exists(file: StoredFile): Promise<boolean>;
  /**
   * Deletes these files of a client that only `owner` saved (any other is left as it is), and their
   * bytes once no client keeps that content; answers the ids deleted. Safe to run twice or at once.
   */
  discard(executor: Executor, clientId: string, fileIds: string[], owner: string): Promise<string[]>;
  /**
   * A link that opens one file without a login until it expires: a provider (WhatsApp fetches an
   * image we send by its link) or the customer's side cannot log in.
   */
  sharedPath(clientId: string, fileId: string, validSeconds?: number): string;
  /** The file of a shared link, or not found when the link is forged, altered or expired. */
  getShared(
    executor: Executor,
    input: { clientId: string; fileId: string; expires: number; signature: string },
  ): Promise<StoredFile>;
};

/** Seven days: long enough for the provider's retries and for the customer to open it later. */
const SHARED_LINK_SECONDS = 7 * 24 * 3600;

/** A content's lock until the transaction ends: taken by saving and by discarding the same bytes. */
async function lockContent(executor: Executor, sha256: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`stored-file:${sha256}`}, 0))`);
}

/** `linkKey` signs shared links; it is used for nothing else. */
export function createStorage(dataDir: string, linkKey: Buffer): Storage {
  const root = path.join(dataDir, 'files');
  const pathOf = (sha256: string) => path.join(root, sha256.slice(0, 2), sha256);
  const sign = (clientId: string, fileId: string, expires: number) =>
    createHmac('sha256', linkKey).update(`${clientId}\n${fileId}\n${expires}`).digest('base64url');

  /** Records a file whose content is at `sha256`'s path; the same content of a client is one row. */
  async function record(
    executor: Executor,
    input: {
      clientId: string;
      sha256: string;
      size: number;
      mimeType: string;
      fileName: string | null;
      owner?: string | undefined;
    },
  ): Promise<StoredFile> {
    const { clientId, sha256, size, mimeType, fileName } = input;
    const owner = input.owner ?? null;
    const [inserted] = await executor
      .insert(storedFiles)
      .values({ clientId, id: newId(), sha256, mimeType, size, fileName, owner })
      // The same content saved by someone else: no single feature may delete it any more.
      .onConflictDoUpdate({
        target: [storedFiles.clientId, storedFiles.sha256],
        set: { owner: null },
        setWhere: sql`${storedFiles.owner} is distinct from excluded.owner`,
      })
      .returning();
    if (inserted) return inserted;
    const [existing] = await executor
      .select()
      .from(storedFiles)
      .where(inClient(storedFiles, clientId, eq(storedFiles.sha256, sha256)));
    return existing!;
  }

  /**
   * Puts a content's bytes in place and records them under the content's lock, which `discard` holds
   * while it decides to delete the same bytes: one never removes what the other has just recorded.
   */
  async function place(
    executor: Executor,
    temporary: string,
    input: Parameters<typeof record>[1],
  ): Promise<StoredFile> {
    const target = pathOf(input.sha256);
    await fs.mkdir(path.dirname(target), { recursive: true });
    return executor.transaction(async (tx) => {
      await lockContent(tx, input.sha256);
      await fs.rename(temporary, target);
      return record(tx, input);
    });
  }

  const storage: Storage = {
    async save(executor, { clientId, bytes, mimeType, fileName, owner }) {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const target = pathOf(sha256);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file, and the same content written twice is one file.
      const temporary = `${target}.${newId()}.tmp`;
      await fs.writeFile(temporary, bytes);
      try {
        return await place(executor, temporary, {
          clientId,
          sha256,
          size: bytes.length,
          mimeType,
          fileName,
          owner,
        });
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },
    async saveStream(executor, { clientId, source, mimeType, fileName }) {
      // The name is the content's hash, known only at the end: written aside first, then renamed.
      await fs.mkdir(root, { recursive: true });
      const temporary = path.join(root, `stream.${newId()}.tmp`);
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      async function* counted() {
        for await (const chunk of source) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          hash.update(bytes);
          size += bytes.length;
          if (head.length < 16) head = Buffer.concat([head, bytes.subarray(0, 16 - head.length)]);
          yield bytes;
        }
      }
      try {
        await pipeline(counted, createWriteStream(temporary));
        const type = typeof mimeType === 'string' ? mimeType : mimeType(head);
        const sha256 = hash.digest('hex');
        return await place(executor, temporary, { clientId, sha256, size, mimeType: type, fileName });
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },
    async get(executor, clientId, fileId) {
      const [row] = await executor
        .select()
        .from(storedFiles)
        .where(inClient(storedFiles, clientId, eq(storedFiles.id, fileId)));
      if (!row) throw fileNotFound();
      return row;
    },
    open(file) {
      return createReadStream(pathOf(file.sha256));
    },
    async exists(file) {
      return fs.access(pathOf(file.sha256)).then(
        () => true,
        () => false,
      );
    },
    async discard(executor, clientId, fileIds, owner) {
      if (fileIds.length === 0) return [];
      if (!isTransaction(executor))
        return executor.transaction((tx) => storage.discard(tx, clientId, fileIds, owner));
      const owned = and(inArray(storedFiles.id, fileIds), eq(storedFiles.owner, owner));
      const candidates = await executor
        .select({ sha256: storedFiles.sha256 })
        .from(storedFiles)
        .where(inClient(storedFiles, clientId, owned));
      // Locks in one order, so two discards never wait on each other.
      const contents = [...new Set(candidates.map((row) => row.sha256))].sort();
      for (const sha256 of contents) await lockContent(executor, sha256);
      const deleted = await executor
        .delete(storedFiles)
        .where(inClient(storedFiles, clientId, owned))
        .returning({ id: storedFiles.id, sha256: storedFiles.sha256 });
      for (const sha256 of new Set(deleted.map((row) => row.sha256))) {
        // Unsafe (every client): the bytes are shared by content, so any client's row keeps them.
        const [kept] = await executor
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(eq(storedFiles.sha256, sha256))
          .limit(1);
        if (!kept) await fs.rm(pathOf(sha256), { force: true });
      }
      return deleted.map((row) => row.id);
    },
    sharedPath(clientId, fileId, validSeconds = SHARED_LINK_SECONDS) {
      const expires = Math.floor(Date.now() / 1000) + validSeconds;
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(clientId, fileId, expires),
      });
      return `/api/files/shared/${clientId}/${fileId}?${query}`;
    },
    async getShared(executor, { clientId, fileId, expires, signature }) {
      const expected = Buffer.from(sign(clientId, fileId, expires));
      const given = Buffer.from(signature);
      const valid = given.length === expected.length && timingSafeEqual(given, expected);
      if (!valid || expires < Date.now() / 1000) throw fileNotFound();
      return storage.get(executor, clientId, fileId);
    },
  };
  return storage;
}
