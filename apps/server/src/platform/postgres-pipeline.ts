import type { Writable } from 'node:stream';
import pg from 'pg';

/**
 * SQLSTATE a statement run with `commit` raises when what it found needs the server again before the
 * transaction can end (decision 0082): the COMMIT sent behind it then rolls back instead, and the
 * transaction's owner runs it again the ordinary way.
 */
export const DECLINED_LAST_STATEMENT = 'SP001';

/** The transaction's last statement declined to end it (see `DECLINED_LAST_STATEMENT`). */
export function isDeclinedLastStatement(error: unknown): boolean {
  // The driver's error, or Drizzle's wrapping it.
  const failure = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return failure?.code === DECLINED_LAST_STATEMENT || failure?.cause?.code === DECLINED_LAST_STATEMENT;
}

type QueryConfig = { name?: string | undefined; text: string; types?: unknown };
type Callback = (error: Error | null, result?: unknown) => void;

const ENDED_RESULT = { command: 'COMMIT', rowCount: null, rows: [], fields: [] };

const textOf = (config: unknown) =>
  typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;

/**
 * A pooled connection in node-postgres' pipeline mode (decision 0082): a statement is written without
 * waiting for the answer to the one before. Code that awaits each statement runs as before; two
 * places use the mode:
 * - a transaction's BEGIN is written at once and answered with the first statement behind it, so a
 *   transaction costs one round trip less;
 * - `queryThenCommit` writes the transaction's last statement and COMMIT together: whatever that
 *   statement locks (the routing lock, the realtime sequence row) is released by PostgreSQL as soon as
 *   it finishes, not after the answer has crossed a busy event loop and COMMIT has come back. Drizzle's
 *   own COMMIT (or ROLLBACK) for that transaction is then answered here, without a round trip.
 */
export class PipelinedClient extends pg.Client {
  #begin: Promise<unknown> | null = null;
  #ended = false;

  constructor(config: pg.ClientConfig) {
    super({ ...config, pipeline: true } as pg.ClientConfig);
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' overloads, passed through unchanged.
  override query(config: any, values?: any, callback?: any): any {
    const text = textOf(config);
    if (this.#ended) {
      this.#ended = false;
      // The transaction ended with its last statement: its COMMIT, or a ROLLBACK after a later error
      // in the caller's code, has nothing left to do on the server.
      if (text === 'commit' || text === 'rollback') return answer(ENDED_RESULT, values, callback);
      const error = new Error('the transaction was committed by its last statement; nothing may follow it');
      return answer(error, values, callback);
    }
    // Drizzle's BEGIN: a config object, no values (or none given), answered as a promise.
    const bare = values === undefined || (Array.isArray(values) && values.length === 0);
    if (text === 'begin' && typeof config === 'object' && bare && !callback) {
      // Held back until this turn's statements are written: BEGIN and the first statement go out in
      // one write (each write wakes the backend, which often takes this process's core).
      this.#holdWrites();
      const begin = super.query(config) as Promise<unknown>;
      // Its failure is the next statement's (below); unheard here.
      begin.catch(() => undefined);
      this.#begin = begin;
      return Promise.resolve({ ...ENDED_RESULT, command: 'BEGIN' });
    }
    const begin = this.#begin;
    if (!begin) return super.query(config, values, callback);
    this.#begin = null;
    if (typeof values === 'function' || typeof callback === 'function') {
      const done: Callback = typeof values === 'function' ? values : callback;
      const after: Callback = (error, result) =>
        void begin.then(
          () => done(error, result),
          (beginError: Error) => done(beginError),
        );
      return typeof values === 'function' ? super.query(config, after) : super.query(config, values, after);
    }
    const result = super.query(config, values) as Promise<unknown>;
    return Promise.all([begin, result]).then(([, answered]) => answered);
  }

  /**
   * The transaction's last statement and its COMMIT, written together. Fails with the statement's
   * error (the COMMIT then found the transaction aborted and rolled it back), or when the COMMIT did
   * not commit.
   */
  async queryThenCommit(config: QueryConfig, values: unknown[]): Promise<unknown> {
    this.#holdWrites();
    const statement = this.query(config, values) as Promise<unknown>;
    const commit = this.query({ text: 'commit' }) as Promise<{ command: string }>;
    const [outcome, ended] = await Promise.allSettled([statement, commit]);
    if (outcome.status === 'rejected') {
      // Aborted and rolled back by the COMMIT behind it: the caller's ROLLBACK is answered here.
      if (ended.status === 'fulfilled') this.#ended = true;
      throw outcome.reason;
    }
    if (ended.status === 'rejected') throw ended.reason;
    if (ended.value.command !== 'COMMIT')
      throw new Error(`the transaction ended with ${ended.value.command}`);
    this.#ended = true;
    return outcome.value;
  }

  /** Statements written until the current turn of the event loop ends leave in one write. */
  #holdWrites() {
    const { stream } = (this as unknown as { connection: { stream: Writable } }).connection;
    stream.cork();
    process.nextTick(() => stream.uncork());
  }
}

function answer(outcome: unknown, values: unknown, callback: unknown) {
  const done = (typeof values === 'function' ? values : callback) as Callback | undefined;
  const failed = outcome instanceof Error;
  if (done) {
    queueMicrotask(() => (failed ? done(outcome) : done(null, outcome)));
    return undefined;
  }
  return failed ? Promise.reject(outcome) : Promise.resolve(outcome);
}
