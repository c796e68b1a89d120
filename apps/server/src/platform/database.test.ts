import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.js';
import type { DatabaseHandle } from './database.js';

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
});
