import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/database.js';
import { users } from '../identity/index.js';

/** Whether the demo was seeded: its super admin exists. Looks across clients, as seeding is installation-wide. */
export async function unsafeFindDemoMarker(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, 'sad@demo.test')).limit(1);
  return rows.length > 0;
}
