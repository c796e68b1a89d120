import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './database.js';
import { withPreparedStatements } from './pglite-statements.js';

// The embedded database's statement path (decision 0068); PostgreSQL runs through node-postgres.
describe.skipIf(process.env.DATABASE_URL)('PGlite statements prepared once', () => {
  let pglite: PGlite;
  let client: ReturnType<typeof withPreparedStatements>;
  const prepared = async () =>
    (
      await pglite.query<{ statement: string }>(
        `select statement from pg_prepared_statements where name like 'sapa\\_%'`,
      )
    ).rows.map((row) => row.statement);

  beforeAll(async () => {
    pglite = await PGlite.create('memory://');
    client = withPreparedStatements(pglite);
    await pglite.exec(`
      create table items (id int primary key, name text not null, at timestamptz, data jsonb,
        tags text[], price numeric(10, 2), flag boolean, big bigint);
      insert into items values
        (1, 'one', '2026-01-02T03:04:05Z', '{"a": [1, 2]}', '{x,y}', 12.5, true, 9007199254740993),
        (2, 'two', null, null, null, null, null, null);
    `);
  });
  afterAll(async () => pglite?.close());

  it('answers what PGlite answers, in object and array rows, with the caller’s parsers', async () => {
    const text = 'select * from items where id = any($1::int[]) order by id';
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { rowMode: 'array' as const, parsers: { 1184: (value: string) => `at ${value}` } },
    ]) {
      const ours = await client.query(text, [[1, 2]], options);
      const theirs = await pglite.query(text, [[1, 2]], options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
      expect(ours.affectedRows).toBe(theirs.affectedRows);
    }
  });

  it('parses and plans a text once, then runs it by name', async () => {
    const text = 'select name from items where id = $1';
    const before = (await prepared()).filter((statement) => statement === text).length;
    for (const id of [1, 2, 1, 2]) await client.query(text, [id]);
    expect(before).toBe(0);
    expect((await prepared()).filter((statement) => statement === text)).toHaveLength(1);
    expect((await client.query(text, [2])).rows).toEqual([{ name: 'two' }]);
  });

  it('counts the rows an insert, update or delete touched, and answers its returning rows', async () => {
    const inserted = await client.query(
      'insert into items (id, name, data, flag) values ($1, $2, $3, $4), ($5, $6, $7, $8) returning id, data',
      [10, 'ten', { b: 1 }, false, 11, 'eleven', null, true],
    );
    expect(inserted.affectedRows).toBe(2);
    expect(inserted.rows).toEqual([
      { id: 10, data: { b: 1 } },
      { id: 11, data: null },
    ]);
    const updated = await client.query('update items set name = $2 where id >= $1', [10, 'x']);
    expect(updated.affectedRows).toBe(2);
    expect(updated.rows).toEqual([]);
    const deleted = await client.query('delete from items where id >= $1', [10]);
    expect(deleted.affectedRows).toBe(2);
  });

  it('reports a failed statement as PGlite does and keeps working', async () => {
    await client.query('insert into items (id, name) values ($1, $2)', [20, 'twenty']);
    const duplicate = await client
      .query('insert into items (id, name) values ($1, $2)', [20, 'again'])
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', query: expect.stringContaining('insert') });
    const syntax = await client.query('selec 1').catch((error: unknown) => error);
    expect(syntax).toMatchObject({ code: '42601' });
    expect((await prepared()).some((statement) => statement === 'selec 1')).toBe(false);
    const badInput = await client
      .query('select name from items where id = $1', ['not a number'])
      .catch((error: unknown) => error);
    expect(badInput).toMatchObject({ code: '22P02' });
    expect((await client.query('select name from items where id = $1', [20])).rows).toEqual([
      { name: 'twenty' },
    ]);
  });

  it('runs a transaction’s statements on it, rolls back on error, and its prepared texts outlive it', async () => {
    const text = 'insert into items (id, name) values ($1, $2)';
    const failed = await client
      .transaction(async (tx) => {
        await tx.query(text, [30, 'thirty']);
        await tx.query('select name from items where id = $1 and name = $2', [30, 'thirty']);
        throw new Error('undo');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('undo');
    expect((await client.query('select 1 from items where id = $1', [30])).rows).toEqual([]);
    // Prepared inside the rolled-back transaction, still usable after it.
    await client.query('select name from items where id = $1 and name = $2', [1, 'one']);
    const committed = await client.transaction(async (tx) => {
      // The first statement carries the BEGIN: its own answer is the insert's, not the BEGIN's.
      const first = await tx.query(text, [31, 'thirty-one']);
      expect(first).toMatchObject({ affectedRows: 1, command: 'INSERT', rows: [] });
      return (await tx.query<{ name: string }>('select name from items where id = $1', [31])).rows;
    });
    expect(committed).toEqual([{ name: 'thirty-one' }]);
    const firstIsNew = await client.transaction(
      async (tx) => (await tx.query<{ n: number }>('select $1::int + 100 as n', [1])).rows[0]?.n,
    );
    expect(firstIsNew).toBe(101);
    expect(pglite.isInTransaction()).toBe(false);
  });

  it('rolls back on request, and refuses to commit a transaction a failed statement aborted', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into items (id, name) values ($1, $2)', [40, 'forty']);
      await tx.rollback();
    });
    expect((await client.query('select 1 from items where id = $1', [40])).rows).toEqual([]);
    const aborted = await client
      .transaction(async (tx) => {
        await tx.query('insert into items (id, name) values ($1, $2)', [41, 'forty-one']);
        await tx.query('insert into items (id, name) values ($1, $2)', [1, 'duplicate']).catch(() => {});
      })
      .catch((error: unknown) => error);
    expect(aborted).toMatchObject({ code: '25P02' });
    expect((await client.query('select 1 from items where id = $1', [41])).rows).toEqual([]);
    expect(await client.transaction(async () => 'nothing ran')).toBe('nothing ran');
    expect(pglite.isInTransaction()).toBe(false);
  });

  it('keeps a statement outside a transaction from running inside another one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const transaction = client.transaction(async (tx) => {
      await tx.query('update items set name = $2 where id = $1', [2, 'changing']);
      await held;
      await tx.query('update items set name = $2 where id = $1', [2, 'two']);
      order.push('committed');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = client
      .query<{ name: string }>('select name from items where id = $1', [2])
      .then((result) => {
        order.push(`read ${result.rows[0]?.name}`);
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([transaction, outside]);
    expect(order).toEqual(['committed', 'read two']);
  });

  it('lets the event loop turn while statements queued behind one another run (decision 0078)', async () => {
    // PGlite answers without I/O: without a turn, a backlog runs as one chain of microtasks, and no
    // timer fires (nor a request is read) until it ends.
    const chain = async () => {
      const turns: number[] = [];
      let statements = 0;
      const timer = setInterval(() => turns.push(statements), 1);
      const started = performance.now();
      try {
        while (performance.now() - started < 150) {
          await client.query('select name from items where id = $1', [1]);
          await client.transaction(async (tx) => {
            await tx.query('update items set flag = $2 where id = $1', [1, true]);
          });
          statements += 2;
        }
      } finally {
        clearInterval(timer);
      }
      return { turns, statements };
    };
    const { turns, statements } = await chain();
    expect(statements).toBeGreaterThan(10);
    // Timers fired along the chain, not only before its first statement.
    expect(turns.filter((count) => count > 0).length).toBeGreaterThan(3);
    // The same order as the callers' (one mutex): queued statements still run first come, first served.
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.query('select $1::int as n', [i]).then((result) => {
          order.push((result.rows[0] as { n: number }).n);
        }),
      ),
    );
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // pg-boss's statements give none: its start must finish its schedules before its timekeeper's
    // first check, queued with setImmediate (decision 0076).
    let fired = false;
    setImmediate(() => {
      fired = true;
    });
    const started = performance.now();
    while (performance.now() - started < 30) await client.queryWithoutTurn('select $1::int as n', [1]);
    expect(fired).toBe(false);
  });

  it('prepares again when a table changes under a statement', async () => {
    const text = 'select * from items where id = $1';
    expect(Object.keys((await client.query(text, [1])).rows[0] as object)).not.toContain('extra');
    await pglite.exec(`alter table items add column extra text default 'e'`);
    expect((await client.query(text, [1])).rows[0]).toMatchObject({ id: 1, extra: 'e' });
  });

  it('keeps at most a bounded number of statements, closing the least recently used', async () => {
    const hot = 'select $1::int as hot';
    await client.query(hot, [0]);
    for (let i = 0; i < 450; i++) {
      await client.query(`select $1::int + ${i} as n`, [i]);
      if (i % 50 === 0) await client.query(hot, [i]);
    }
    await client.query('select 1');
    // Prepared before every other text of the flood, but used all along: still kept.
    expect(await prepared()).toContain(hot);
    const count = (await prepared()).length;
    expect(count).toBeGreaterThan(300);
    expect(count).toBeLessThanOrEqual(401);
    expect((await client.query(`select $1::int + 0 as n`, [5])).rows).toEqual([{ n: 5 }]);
  });

  it('runs a very long text unnamed, without keeping it', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
    const text = `select count(*)::int as n from items where id in (${ids.map((_, i) => `$${i + 1}`).join(', ')})`;
    expect(text.length).toBeGreaterThan(16_384);
    const expected = (await pglite.query(text, ids)).rows;
    expect(expected).toEqual([{ n: expect.any(Number) }]);
    expect((await client.query(text, ids)).rows).toEqual(expected);
    expect((await prepared()).some((statement) => statement === text)).toBe(false);
  });

  it('serves Drizzle’s queries, transactions and savepoints', async () => {
    const db = drizzle({ client: client as unknown as PGlite });
    const rows = await db.execute(sql`select name from items where id = ${1}`);
    expect(rows.rows).toEqual([{ name: 'one' }]);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update items set name = ${'uno'} where id = ${1}`);
      await tx
        .transaction(async (nested) => {
          await nested.execute(sql`update items set name = ${'nope'} where id = ${1}`);
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    expect((await db.execute(sql`select name from items where id = ${1}`)).rows).toEqual([{ name: 'uno' }]);
  });
});

describe.skipIf(process.env.DATABASE_URL)('PGlite commits through the prepared path', () => {
  it('keeps every transaction whose COMMIT returned when the process is killed -9', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sapa-commit-'));
    const log = path.join(dir, 'committed.log');
    const dataDir = path.join(dir, 'data');
    try {
      const child = spawn(
        process.execPath,
        [
          '--conditions=source',
          '--import',
          'tsx',
          fileURLToPath(new URL('../test/pglite-commit-child.ts', import.meta.url)),
        ],
        {
          env: { ...process.env, CHILD_DATA_DIR: dataDir, CHILD_COMMIT_LOG: log },
          stdio: 'ignore',
        },
      );
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const committed = () =>
        existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).map(Number) : [];
      const deadline = Date.now() + 120_000;
      while (committed().length < 30 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      child.kill('SIGKILL');
      await exited;
      const ids = committed();
      expect(ids.length).toBeGreaterThanOrEqual(30);

      const reopened = await openPglite(dataDir);
      try {
        const { rows } = await reopened.db.execute(
          sql`select id from kept where note like '% committed' order by id`,
        );
        const kept = new Set(rows.map((row) => Number(row.id)));
        expect(ids.filter((id) => !kept.has(id))).toEqual([]);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
