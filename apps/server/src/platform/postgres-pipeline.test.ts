import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBeside, openTestDatabase } from '../test/test-app.js';
import type { DatabaseHandle } from './database.js';
import { isDeclinedLastStatement } from './postgres-pipeline.js';
import { runPreparedSql } from './prepared-query.js';

// Decision 0082: pooled connections are pipelined. A transaction's BEGIN goes out with its first
// statement, and a last statement run with `commit` carries the COMMIT.
describe.runIf(process.env.DATABASE_URL)('pipelined PostgreSQL transactions', () => {
  let database: DatabaseHandle;
  let db: DatabaseHandle['db'];
  let observer: pg.Client;
  beforeAll(async () => {
    database = await openTestDatabase(process.env.DATABASE_URL);
    db = database.db;
    await database.sql.executeSql('create table pipeline_probe (id integer primary key, note text not null)');
    await database.sql.executeSql(`create function pipeline_decline() returns integer language plpgsql as $$
      begin raise exception 'declined' using errcode = 'SP001'; end $$`);
    observer = await connectBeside(database);
  });
  afterAll(async () => {
    await observer?.end();
    await database?.close();
  });

  const insert = (id: number, note: string) =>
    sql`insert into pipeline_probe (id, note) values (${id}, ${note})`;
  /** What another connection sees: only committed rows. */
  const seen = async (id: number) =>
    (await observer.query('select note from pipeline_probe where id = $1', [id])).rows[0]?.note ?? null;
  const insertLast = (executor: Parameters<typeof runPreparedSql>[0], id: number, commit = true) =>
    runPreparedSql(
      executor,
      'pipeline_probe_insert',
      () => sql`insert into pipeline_probe (id, note) values (${sql.placeholder('id')}, 'last')`,
      { id },
      { commit },
    );

  it('runs the first statement inside the transaction BEGIN opened (rolled back with it)', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(insert(1, 'first'));
        expect(await seen(1)).toBeNull();
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await seen(1)).toBeNull();
    await db.transaction(async (tx) => tx.execute(insert(1, 'kept')));
    expect(await seen(1)).toBe('kept');
  });

  it('commits with the last statement: committed before the transaction returns, nothing after it', async () => {
    await db.transaction(async (tx) => {
      await tx.execute(insert(2, 'before'));
      await insertLast(tx, 3);
      // Committed already: another connection sees both rows.
      expect(await seen(2)).toBe('before');
      expect(await seen(3)).toBe('last');
    });
    await expect(
      db.transaction(async (tx) => {
        await insertLast(tx, 4);
        await tx.execute(insert(5, 'after'));
      }),
    ).rejects.toMatchObject({
      cause: { message: expect.stringContaining('committed by its last statement') },
    });
    expect(await seen(4)).toBe('last');
    expect(await seen(5)).toBeNull();
    // The connections are usable afterwards, in and out of transactions.
    const rows = await db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('rolls back the whole transaction when the last statement fails, and says when it declined', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(insert(6, 'lost'));
        // A duplicate key: the COMMIT behind it finds the transaction aborted.
        await insertLast(tx, 3);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await seen(6)).toBeNull();

    const declined = await db
      .transaction(async (tx) => {
        await tx.execute(insert(7, 'lost'));
        await runPreparedSql(
          tx,
          'pipeline_decline',
          () => sql`select pipeline_decline()`,
          {},
          { commit: true },
        );
      })
      .catch((error: unknown) => error);
    expect(isDeclinedLastStatement(declined)).toBe(true);
    expect(await seen(7)).toBeNull();
    await db.transaction(async (tx) => tx.execute(insert(7, 'again')));
    expect(await seen(7)).toBe('again');
  });

  it('keeps concurrent transactions on the pool apart', async () => {
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db
          .transaction(async (tx) => {
            await tx.execute(insert(100 + i, 'many'));
            if (i % 3 === 0) throw new Error('undo');
            if (i % 3 === 1) await insertLast(tx, 200 + i);
          })
          .catch(() => undefined),
      ),
    );
    const { rows } = await observer.query<{ id: number }>(
      'select id from pipeline_probe where id >= 100 order by id',
    );
    const expected = Array.from({ length: 40 }, (_, i) => i)
      .filter((i) => i % 3 !== 0)
      .flatMap((i) => (i % 3 === 1 ? [100 + i, 200 + i] : [100 + i]))
      .sort((a, b) => a - b);
    expect(rows.map((row) => row.id)).toEqual(expected);
  });

  it('runs the last statement the usual way outside a transaction', async () => {
    await insertLast(db, 8);
    expect(await seen(8)).toBe('last');
  });
});
