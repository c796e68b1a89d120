import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, logIn, type TestApp } from '../../../test/test-app.js';
import { findLiveRoomWithSettings } from './rooms.repository.js';

// Every arrival looks up the customer's live room with a prepared statement, which PostgreSQL runs on a
// generic plan after five executions. That plan must use the live key (a partial index): with the
// key's predicate as parameters it scanned all of the client's rooms on every arrival.
describe.runIf(process.env.DATABASE_URL)('the live-room lookup on its generic plan', () => {
  let sapa: TestApp;
  let clientId: string;
  beforeAll(async () => {
    sapa = await createTestApp();
    clientId = (await logIn(sapa.app, 'adc@demo.test')).session.clientId;
  });
  afterAll(async () => sapa?.close());

  it('finds the room through the live key, not a scan of the client rooms', async () => {
    const plan = await sapa.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      // Prepares the statement on this connection (and runs it once).
      await findLiveRoomWithSettings(tx, clientId, '6281200000001', 'whatsapp', null);
      const [prepared] = (
        await tx.execute(sql`select parameter_types::text[] as types from pg_prepared_statements
          where name = 'inbox_live_room_settings_no_channel'`)
      ).rows as { types: string[] }[];
      // The same statement explained with values of its parameters' types, in Drizzle's order:
      // the client (three times), the rules' `enabled`, the phone, then the channel.
      const texts = ['6281200000001', 'whatsapp'];
      const values = prepared!.types.map((type) =>
        type === 'uuid' ? `'${clientId}'` : type === 'boolean' ? 'true' : `'${texts.shift()}'`,
      );
      const { rows } = await tx.execute(
        sql.raw(`explain (format json) execute inbox_live_room_settings_no_channel(${values.join(', ')})`),
      );
      return JSON.stringify(rows);
    });
    expect(plan).toContain('cs_rooms_live_key');
  });
});
