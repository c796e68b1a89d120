import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import { type DatabaseHandle, openPostgres } from './database.js';

describe.runIf(process.env.DATABASE_URL)('PostgreSQL pool', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(process.env.DATABASE_URL);
  });
  afterAll(async () => database?.close());

  it('survives the server ending its idle connections, and the next query opens a new one', async () => {
    await Promise.all([database.ping(), database.ping(), database.ping()]);
    const { rows } = await database.sql.executeSql('select current_database() as name');
    const name = (rows[0] as { name: string }).name;

    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const terminated = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and application_name = 'sapa' and pid <> pg_backend_pid()`,
      [name],
    );
    await admin.end();
    expect(terminated.rowCount).toBeGreaterThan(0);
    // Let the terminations reach the idle clients before the next query.
    await new Promise((resolve) => setTimeout(resolve, 200));

    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('opens a serving pool warm: every connection is open before the first request', async () => {
    const { rows } = await database.sql.executeSql('select current_database() as name');
    const name = (rows[0] as { name: string }).name;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const backends = async () => {
      const result = await admin.query(
        `select count(*)::int as count from pg_stat_activity where datname = $1 and application_name = 'sapa'`,
        [name],
      );
      return (result.rows[0] as { count: number }).count;
    };
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    const before = await backends();
    const warm = await openPostgres(url.toString(), { keepWarm: true });
    try {
      expect((await backends()) - before).toBe(10);
    } finally {
      await warm.close();
      await admin.end();
    }
  });
});
