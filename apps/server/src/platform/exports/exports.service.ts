import type { Readable } from 'node:stream';
import { isId, newId } from '../../lib/ids.js';
import { type Actor, principalOf, type SystemActor, systemActor, type UserActor } from '../actor.js';
import { type CsvRecord, csvStream } from '../csv.js';
import type { Database } from '../database.js';
import { notFound } from '../errors.js';
import type { JobDefinition } from '../jobs.js';
import type { Storage } from '../storage/index.js';
import {
  type ExportScope,
  findExport,
  insertExport,
  listExportRows,
  updateExport,
} from './exports.repository.js';
import type { ExportRequestRow } from './exports.tables.js';

/** The queue name predates platform exports (the inbox's were first); kept so queued ones still run. */
export const EXPORT_JOB = 'inbox.export';
export type ExportJobData = { clientId: string; exportId: string };

/**
 * One kind of export, registered by the module that owns its rows (platform never imports a module):
 * who may see it, and the rows, read as the person who asked.
 */
export type ExportProducer = {
  /** The CSV's columns, in order. */
  columns: readonly string[];
  fileName: string;
  /**
   * Whose requests of this kind the reader sees: `all` (supervisors), `own` (only theirs), or `none`
   * (they may neither request nor see it).
   */
  visibility(actor: Actor): 'all' | 'own' | 'none';
  /**
   * The rows for a request. `setTotal` shows the size before the first row (for progress); rows are
   * counted as they are written.
   */
  rows(input: {
    db: Database;
    actor: SystemActor;
    request: Record<string, unknown>;
    setTotal(total: number): Promise<void>;
  }): AsyncIterable<CsvRecord>;
};

export type ExportView = ReturnType<typeof toExport>;

export const exportNotFound = () => notFound('export_not_found', 'This export does not exist.');

function toExport(row: Omit<ExportRequestRow, 'content' | 'clientId' | 'fileId'>) {
  const progress =
    row.status === 'done' ? 100 : row.total ? Math.min(99, Math.floor((row.processed / row.total) * 100)) : 0;
  return {
    id: row.id,
    kind: row.kind,
    asType: row.asType,
    status: row.status,
    progress,
    total: row.total,
    processed: row.processed,
    fileName: row.fileName,
    error: row.error,
    request: row.request,
    requestedBy: row.requestedBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Progress is written every this many rows: often enough for a live bar, rarely enough to cost nothing. */
const PROGRESS_EVERY = 500;

/**
 * Exports built by a job (ARCHITECTURE: one export machinery): a request is recorded with who asked,
 * the job reads the rows as that person (their scope applies: an agent's export holds only their rooms),
 * streams them as CSV into storage and reports progress; the file downloads once done.
 */
export function createExports(deps: {
  db: Database;
  storage: Storage;
  send(name: string, data: ExportJobData, options?: { singletonKey?: string }): Promise<unknown>;
  producers: Record<string, ExportProducer>;
}) {
  const { db, storage, producers } = deps;

  function scopeOf(actor: Actor, kinds: readonly string[]): ExportScope {
    const scope: ExportScope = { allOf: [], ownOf: [], requestedBy: principalOf(actor)?.email ?? null };
    for (const kind of kinds) {
      const seen = producers[kind]?.visibility(actor) ?? 'none';
      if (seen === 'all') scope.allOf.push(kind);
      else if (seen === 'own') scope.ownOf.push(kind);
    }
    return scope;
  }

  /** A client's export the reader may see, or not found (another client's, or outside their scope). */
  async function findVisible(actor: Actor, id: string) {
    const row = isId(id) ? await findExport(db, actor.clientId, id) : null;
    const seen = row ? (producers[row.kind]?.visibility(actor) ?? 'none') : 'none';
    if (!row || seen === 'none') throw exportNotFound();
    if (seen === 'own' && row.requestedBy !== principalOf(actor)?.email) throw exportNotFound();
    return row;
  }

  return {
    /** Records the request and queues its job; the answer shows it queued with progress 0. */
    async request(actor: UserActor, kind: string, request: Record<string, unknown>, asType = 'csv') {
      const producer = producers[kind];
      if (!producer || producer.visibility(actor) === 'none') throw exportNotFound();
      const principal = principalOf(actor)!;
      const row = await insertExport(db, {
        clientId: actor.clientId,
        id: newId(),
        kind,
        asType,
        status: 'queued',
        request: { query: request, requester: principal },
        requestedBy: actor.email,
      });
      await deps.send(EXPORT_JOB, { clientId: actor.clientId, exportId: row.id }, { singletonKey: row.id });
      return toExport(row);
    },

    /** The exports of `kinds` the reader may see, newest first. */
    async list(
      actor: Actor,
      kinds: readonly string[],
      query: { pageNumber?: number | undefined; pageSize?: number | undefined },
    ) {
      const pageSize = query.pageSize ?? 10;
      const pageNumber = Math.max(query.pageNumber ?? 1, 1);
      const { rows, total } = await listExportRows(db, actor.clientId, scopeOf(actor, kinds), {
        pageSize,
        offset: (pageNumber - 1) * pageSize,
      });
      return { items: rows.map(toExport), total, pageNumber, pageSize };
    },

    /** One export with its progress. */
    async get(actor: Actor, id: string) {
      const {
        content: _content,
        clientId: _clientId,
        fileId: _fileId,
        ...rest
      } = await findVisible(actor, id);
      return toExport(rest);
    },

    /** The finished file of an export of `kind`: its name and its bytes as a stream. */
    async file(
      actor: Actor,
      kind: string,
      id: string,
    ): Promise<{ fileName: string; body: Readable | string }> {
      const row = await findVisible(actor, id);
      if (row.kind !== kind || row.status !== 'done') throw exportNotFound();
      const fileName = row.fileName ?? 'export.csv';
      if (row.fileId) {
        const file = await storage.get(db, row.clientId, row.fileId);
        return { fileName, body: storage.open(file) as Readable };
      }
      if (row.content === null) throw exportNotFound();
      return { fileName, body: row.content };
    },

    /**
     * Builds one export. Idempotent: a finished export is left as it is, and a retried one starts over,
     * writing the same file. Progress is saved as rows are written.
     */
    async run(data: ExportJobData) {
      const row = await findExport(db, data.clientId, data.exportId);
      if (!row || row.status === 'done') return;
      const producer = producers[row.kind];
      const { query, requester } = row.request as {
        query: Record<string, unknown>;
        requester: NonNullable<ReturnType<typeof principalOf>>;
      };
      try {
        if (!producer) throw new Error(`No producer for exports of kind ${row.kind}`);
        const actor = systemActor(data.clientId, EXPORT_JOB, requester);
        await updateExport(db, data.clientId, row.id, { status: 'running', processed: 0, total: null });
        let processed = 0;
        const csv = csvStream(producer.columns);
        const records = producer.rows({
          db,
          actor,
          request: query,
          setTotal: (total) => updateExport(db, data.clientId, row.id, { total }),
        });
        // Rows are written into the CSV stream as they are read; storage takes its bytes as they come. A
        // producer's failure ends the stream (storage then gives up) and is the reason reported.
        let failure: unknown = null;
        const writing = (async () => {
          try {
            for await (const record of records) {
              if (!csv.write(record)) {
                // A stream that storage gave up on closes instead of draining.
                await new Promise((resolve) => {
                  csv.once('drain', resolve);
                  csv.once('close', resolve);
                });
                if (csv.destroyed) return;
              }
              processed++;
              if (processed % PROGRESS_EVERY === 0)
                await updateExport(db, data.clientId, row.id, { processed });
            }
            csv.end();
          } catch (error) {
            failure = error;
            csv.destroy();
          }
        })();
        const saved = await storage
          .saveStream(db, {
            clientId: data.clientId,
            source: csv,
            mimeType: 'text/csv',
            fileName: producer.fileName,
          })
          .catch((error: unknown) => ({ error }));
        await writing;
        if (failure) throw failure;
        if ('error' in saved) throw saved.error;
        const file = saved;
        await updateExport(db, data.clientId, row.id, {
          status: 'done',
          fileId: file.id,
          fileName: producer.fileName,
          processed,
          total: processed,
          finishedAt: new Date(),
        });
      } catch (error) {
        await updateExport(db, data.clientId, row.id, {
          status: 'failed',
          error: error instanceof Error ? error.message : 'export failed',
          finishedAt: new Date(),
        });
      }
    },
  };
}

export type Exports = ReturnType<typeof createExports>;

/** The job that builds exports, for the composition root's job list. */
export function exportJobs(exports: () => Exports): JobDefinition<ExportJobData>[] {
  return [{ name: EXPORT_JOB, retryLimit: 2, handler: (data) => exports().run(data) }];
}
