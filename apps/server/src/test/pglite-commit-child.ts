// Commits rows one transaction at a time on a PGlite data folder, as the app does (Drizzle over
// `openPglite`), and logs each id to a file synchronously once its COMMIT has returned, so a SIGKILL
// loses no line written. Run by pglite-statements.test.ts, which kills it -9 mid-way.
import { appendFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openPglite } from '../platform/database.js';

const { CHILD_DATA_DIR, CHILD_COMMIT_LOG } = process.env;
const database = await openPglite(CHILD_DATA_DIR);
await database.db.execute(sql`create table if not exists kept (id int primary key, note text not null)`);
for (let id = 1; ; id++) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into kept (id, note) values (${id}, ${`row ${id}`})`);
    await tx.execute(sql`update kept set note = note || ' committed' where id = ${id}`);
  });
  appendFileSync(CHILD_COMMIT_LOG as string, `${id}\n`);
}
