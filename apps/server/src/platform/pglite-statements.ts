import { setImmediate } from 'node:timers';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { parse, protocol, TransactionAbortedError } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Field = { name: string; dataTypeID: number };
type Parser = (value: string, typeId?: number) => unknown;

/** A statement PGlite's backend keeps parsed and planned, with what its first describe answered. */
type Statement = { name: string; paramTypes: number[]; fields: Field[] | null; used: number };

/** How many statements stay prepared (least recently used closed first), and the longest text kept. */
const MAX_STATEMENTS = 400;
const MAX_KEPT_TEXT = 16_384;
/** "cached plan must not change result type": the statement's tables changed under it. */
const PLAN_CHANGED = '0A000';

const { serialize } = protocol;

/**
 * How long PGlite may run statements back to back before the event loop gets a turn. PGlite runs on
 * the main thread and answers without I/O, so statements queued behind one another (a job's batch, a
 * backlog of requests) run in one chain of microtasks: no request is read and no timer fires until
 * the chain ends. On the webhook bench, the demo campaigns' first sends and their sandbox statuses
 * (jobs, in batches of 50) held the event loop for 0.4–3.6 s at a time (decision 0078).
 */
const TURN_BUDGET_MS = 5;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Execute (unnamed portal, all rows) and Sync, as the protocol spells them. */
const EXECUTE_SYNC = Uint8Array.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4]);

/**
 * Bind (all parameters and results as text), Execute and Sync in one buffer: pg-protocol's serializer
 * measures each string's UTF-8 length in a JS loop and copies through two writers.
 */
function bindExecuteSync(statement: string, values: (string | null)[]): Uint8Array {
  const nameLength = Buffer.byteLength(statement);
  const lengths = new Array<number>(values.length);
  // Bind: type, length, portal "" (1), name + NUL, parameter formats (2), count (2), values, result formats (2).
  let bindLength = 4 + 1 + nameLength + 1 + 2 + 2 + 2;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    const length = value === null || value === undefined ? -1 : Buffer.byteLength(value);
    lengths[i] = length;
    bindLength += 4 + (length > 0 ? length : 0);
  }
  const out = Buffer.allocUnsafe(1 + bindLength + EXECUTE_SYNC.length);
  let offset = 0;
  out[offset++] = 0x42;
  offset = out.writeInt32BE(bindLength, offset);
  out[offset++] = 0;
  offset += out.write(statement, offset, nameLength, 'utf8');
  out[offset++] = 0;
  offset = out.writeInt16BE(0, offset);
  offset = out.writeInt16BE(values.length, offset);
  for (let i = 0; i < values.length; i++) {
    const length = lengths[i] as number;
    offset = out.writeInt32BE(length, offset);
    if (length > 0) offset += out.write(values[i] as string, offset, length, 'utf8');
  }
  offset = out.writeInt16BE(0, offset);
  out.set(EXECUTE_SYNC, offset);
  return out;
}

/**
 * PGlite's `query` costs six calls into its WASM backend per statement (parse, describe, bind,
 * describe, execute, sync, each its own trip with its own result buffer), and parses and plans the
 * text every time: a Drizzle prepared query's name is dropped by drizzle-orm/pglite. This client
 * answers the same `query`/`transaction` API with each text prepared once as a named statement
 * (parse and describe on first use), then one call per execution (bind, execute, sync together). A
 * transaction sends its BEGIN with its first statement and its COMMIT in one call (PGlite's own costs
 * four). PGlite's mutexes still keep transactions and statements apart; `exec` and `listen` stay its own.
 * Decision 0068.
 */
export function withPreparedStatements(pglite: PGlite) {
  const statements = new Map<string, Statement>();
  const toClose: string[] = [];
  let counter = 0;
  // Recency as a counter: a Map delete + set per run would hash the whole text twice more.
  let tick = 0;

  /** When the event loop last had a turn while statements ran; `watching` while one is awaited. */
  let lastTurn = 0;
  let watching = false;
  const turned = () => {
    watching = false;
    lastTurn = performance.now();
  };
  const watch = () => {
    watching = true;
    lastTurn = performance.now();
    setImmediate(turned);
  };
  const giveTurn = () => new Promise<void>((resolve) => setImmediate(resolve)).then(watch);
  /**
   * Before a statement or transaction, with the mutex held (so their order stays that of the callers):
   * a turn of the event loop once statements have run for TURN_BUDGET_MS without one. Answers
   * undefined (nothing to await) otherwise.
   */
  const turn = (): Promise<void> | undefined => {
    if (!watching) {
      watch();
      return undefined;
    }
    return performance.now() - lastTurn < TURN_BUDGET_MS ? undefined : giveTurn();
  };

  const send = (message: Uint8Array, options: QueryOptions | undefined) =>
    pglite.execProtocolStream(message, {
      syncToFs: false,
      throwOnError: false,
      ...(options?.onNotice ? { onNotice: options.onNotice } : {}),
    });

  const failure = (messages: BackendMessage[]) =>
    messages.find((message) => message.name === 'error') as
      | (Error & { code?: string; query?: string; params?: unknown; queryOptions?: unknown })
      | undefined;

  const fail = (
    error: NonNullable<ReturnType<typeof failure>>,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): never => {
    // As PGlite's own query reports it (makePGliteError).
    error.query = text;
    error.params = params;
    error.queryOptions = options;
    throw error;
  };

  /** The messages after the prefix's own answer (a simple query ends with ReadyForQuery). */
  const afterPrefix = (prefix: Uint8Array | undefined, messages: BackendMessage[]) => {
    if (!prefix) return messages;
    const ready = messages.findIndex((message) => message.name === 'readyForQuery');
    return messages.slice(ready + 1);
  };

  async function prepare(
    key: string,
    text: string,
    options: QueryOptions | undefined,
    prefix: Uint8Array | undefined,
  ) {
    const kept = text.length <= MAX_KEPT_TEXT;
    const name = kept ? `sapa_${(++counter).toString(36)}` : '';
    const messages = afterPrefix(
      prefix,
      await send(
        concat([
          ...(prefix ? [prefix] : []),
          serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        options,
      ),
    );
    const error = failure(messages);
    if (error) fail(error, text, [], options);
    let paramTypes: number[] = [];
    let fields: Field[] | null = null;
    for (const message of messages) {
      if (message.name === 'parameterDescription')
        paramTypes = (message as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      else if (message.name === 'rowDescription')
        fields = (message as unknown as { fields: Field[] }).fields.map((field) => ({
          name: field.name,
          dataTypeID: field.dataTypeID,
        }));
    }
    const statement = { name, paramTypes, fields, used: ++tick };
    if (kept) {
      statements.set(key, statement);
      if (statements.size > MAX_STATEMENTS) {
        let oldest: [string, Statement] | undefined;
        for (const entry of statements) if (!oldest || entry[1].used < oldest[1].used) oldest = entry;
        if (oldest) {
          statements.delete(oldest[0]);
          toClose.push(oldest[1].name);
        }
      }
    }
    return statement;
  }

  function results<T>(
    statement: Statement,
    messages: BackendMessage[],
    options: QueryOptions | undefined,
  ): Results<T> {
    const fields = statement.fields ?? [];
    const own = options?.parsers;
    const shared = pglite.parsers as Record<number, Parser>;
    const parsers = fields.map(
      (field) => (own?.[field.dataTypeID] ?? shared[field.dataTypeID]) as Parser | undefined,
    );
    const arrays = options?.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    let command: string | undefined;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as unknown as { fields: (string | null)[] }).fields;
        if (arrays) {
          const row = new Array(values.length);
          for (let i = 0; i < values.length; i++) {
            const value = values[i] as string | null;
            const parser = parsers[i];
            row[i] = value === null ? null : parser ? parser(value, fields[i]?.dataTypeID) : value;
          }
          rows.push(row);
        } else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < values.length; i++) {
            const value = values[i] as string | null;
            const parser = parsers[i];
            const field = fields[i] as Field;
            row[field.name] = value === null ? null : parser ? parser(value, field.dataTypeID) : value;
          }
          rows.push(row);
        }
      } else if (message.name === 'commandComplete') {
        // As PGlite's parseResults: "SELECT 2", "UPDATE 3", "INSERT 0 5"; other tags end in a word.
        const parts = (message as unknown as { text: string }).text.split(' ');
        command = parts[0];
        const count = Number.parseInt(parts[parts.length - 1] as string, 10);
        if (!Number.isNaN(count)) rowCount = count;
        if (
          command === 'INSERT' ||
          command === 'UPDATE' ||
          command === 'DELETE' ||
          command === 'COPY' ||
          command === 'MERGE'
        )
          affectedRows += count;
      }
    }
    const result: Results<T> = { rows: rows as T[], fields, affectedRows } as Results<T>;
    if (command !== undefined) (result as { command?: string }).command = command;
    if (rowCount !== undefined) (result as { rowCount?: number }).rowCount = rowCount;
    return result;
  }

  /**
   * One statement; the caller holds PGlite's query mutex (and its transaction mutex outside one).
   * `begin` answers the BEGIN to send first, once, for a transaction not yet begun.
   */
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    begin?: () => Uint8Array | undefined,
    retried = false,
  ): Promise<Results<T>> {
    if (toClose.length > 0 && !pglite.isInTransaction()) {
      const names = toClose.splice(0);
      await send(
        concat([...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]),
        undefined,
      );
    }
    const key = options?.paramTypes?.length ? `${text}\u0000${options.paramTypes.join(',')}` : text;
    let prefix = begin?.();
    let statement = statements.get(key);
    if (statement) {
      statement.used = ++tick;
    } else {
      statement = await prepare(key, text, options, prefix);
      prefix = undefined;
    }
    const { paramTypes } = statement;
    const own = options?.serializers;
    const shared = pglite.serializers as Record<number, (value: unknown) => string>;
    let binary = false;
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = paramTypes[i] as number;
      const serializer = own?.[oid] ?? shared[oid];
      const value = serializer ? serializer(param) : String(param);
      if (typeof value !== 'string') binary = true;
      return value;
    });
    // A serializer answering bytes (none of PGlite's own do) takes pg-protocol's binary-aware bind.
    const execution = binary
      ? concat([
          serialize.bind({ statement: statement.name, values: values as never }),
          serialize.execute({}),
          serialize.sync(),
        ])
      : bindExecuteSync(statement.name, values as (string | null)[]);
    const messages = afterPrefix(
      prefix,
      await send(prefix ? concat([prefix, execution]) : execution, options),
    );
    const error = failure(messages);
    if (error) {
      if (error.code === PLAN_CHANGED && statement.name !== '') {
        statements.delete(key);
        toClose.push(statement.name);
        if (!retried && !pglite.isInTransaction()) return run(text, params, options, begin, true);
      }
      fail(error, text, params, options);
    }
    return results<T>(statement, messages, options);
  }

  const statement = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    giveTurns: boolean,
  ): Promise<Results<T>> => {
    if (options?.blob) return pglite.query<T>(text, params, options);
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const wait = giveTurns ? turn() : undefined;
        if (wait) await wait;
        const result = await run<T>(text, params, options);
        await pglite.syncToFs();
        return result;
      }),
    );
  };
  const query = <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
    statement<T>(text, params, options, true);
  /**
   * A statement that gives the event loop no turn: pg-boss's. Its start creates the cron schedules
   * before its timekeeper's first check may run, which is queued with `setImmediate` (decision 0076).
   */
  const queryWithoutTurn = <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
    statement<T>(text, params, options, false);

  /** A simple-protocol script and its Sync in one call; the caller holds the query mutex. */
  async function script(text: string, prefix?: Uint8Array, options?: QueryOptions) {
    const messages = afterPrefix(
      prefix,
      await send(concat([...(prefix ? [prefix] : []), serialize.query(text), serialize.sync()]), options),
    );
    const error = failure(messages);
    if (error) fail(error, text, [], options);
    return parse.parseResults(messages, pglite.parsers, options);
  }

  const BEGIN = serialize.query('BEGIN');

  /**
   * As PGlite's `transaction` (its transaction mutex held throughout, COMMIT or ROLLBACK at the end, a
   * COMMIT that rolled back an aborted transaction thrown), with BEGIN sent along with the first
   * statement and nothing sent for a transaction that ran none.
   */
  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(async () => {
      const wait = turn();
      if (wait) await wait;
      let begun = false;
      let closed = false;
      const begin = () => {
        if (begun) return undefined;
        begun = true;
        return BEGIN;
      };
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const end = (text: 'COMMIT' | 'ROLLBACK') =>
        pglite._runExclusiveQuery(async () => {
          const [result] = await script(text);
          await pglite.syncToFs();
          return result;
        });
      const tx = {
        async query<R>(text: string, params: unknown[] = [], options?: QueryOptions) {
          open();
          if (options?.blob) throw new Error('Blobs are not supported in this transaction');
          return pglite._runExclusiveQuery(() => run<R>(text, params, options, begin));
        },
        async exec(text: string, options?: QueryOptions) {
          open();
          return pglite._runExclusiveQuery(() => script(text, begin(), options));
        },
        async rollback() {
          open();
          if (begun) await end('ROLLBACK');
          closed = true;
        },
        async listen(): Promise<never> {
          throw new Error('LISTEN inside a transaction is not supported here');
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          if (begun && (await end('COMMIT'))?.command === 'ROLLBACK') {
            throw Object.assign(new TransactionAbortedError(), {
              query: 'COMMIT',
              params: undefined,
              queryOptions: undefined,
            });
          }
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          if (begun) await end('ROLLBACK');
        }
        throw error;
      }
    });
  };

  // Only what Drizzle and pg-boss call: PGlite's own methods use private fields, so the client is not a
  // subclass.
  return { query, queryWithoutTurn, transaction };
}
