import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/database.js';
import { preparedQuery } from '../../platform/prepared-query.js';
import { type RightRow, type RoleRow, rights, roleRights, roles } from './roles.tables.js';

// Roles and rights are installation-wide (no client_id): see roles.tables.ts.

export async function listRoles(db: Executor): Promise<RoleRow[]> {
  return db.select().from(roles).orderBy(asc(roles.roleCode));
}

export async function findRole(db: Executor, roleCode: string): Promise<RoleRow | null> {
  const [row] = await db.select().from(roles).where(eq(roles.roleCode, roleCode));
  return row ?? null;
}

export async function updateRole(
  db: Executor,
  roleCode: string,
  fields: { roleName: string; roleDescription: string },
) {
  const [row] = await db
    .update(roles)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(roles.roleCode, roleCode))
    .returning();
  return row ?? null;
}

export async function listRights(db: Executor): Promise<RightRow[]> {
  return db.select().from(rights).orderBy(asc(rights.rightCode));
}

export async function findRight(db: Executor, rightCode: string): Promise<RightRow | null> {
  const [row] = await db.select().from(rights).where(eq(rights.rightCode, rightCode));
  return row ?? null;
}

/** Answers null when the code exists already. */
export async function insertRight(db: Executor, row: typeof rights.$inferInsert): Promise<RightRow | null> {
  const [inserted] = await db.insert(rights).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updateRight(
  db: Executor,
  rightCode: string,
  fields: { rightName: string; rightDescription: string },
) {
  const [row] = await db
    .update(rights)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(rights.rightCode, rightCode))
    .returning();
  return row ?? null;
}

export async function deleteRight(db: Executor, rightCode: string): Promise<boolean> {
  const deleted = await db.delete(rights).where(eq(rights.rightCode, rightCode)).returning();
  return deleted.length === 1;
}

export async function listRightsOfRole(db: Executor, roleCode: string): Promise<RightRow[]> {
  return db
    .select({
      rightCode: rights.rightCode,
      rightName: rights.rightName,
      rightDescription: rights.rightDescription,
      updatedAt: rights.updatedAt,
    })
    .from(roleRights)
    .innerJoin(rights, eq(rights.rightCode, roleRights.rightCode))
    .where(eq(roleRights.roleCode, roleCode))
    .orderBy(asc(rights.rightCode));
}

export async function replaceRoleRights(db: Executor, roleCode: string, rightCodes: readonly string[]) {
  await db.delete(roleRights).where(eq(roleRights.roleCode, roleCode));
  if (rightCodes.length > 0) {
    await db.insert(roleRights).values(rightCodes.map((rightCode) => ({ roleCode, rightCode })));
  }
}

export async function findExistingRightCodes(db: Executor, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: rights.rightCode })
    .from(rights)
    .where(inArray(rights.rightCode, [...codes]));
  return rows.map((row) => row.code);
}

const prepareHasRight = (db: Database) =>
  db
    .select({ one: sql<number>`1` })
    .from(roleRights)
    .where(
      and(
        eq(roleRights.roleCode, sql.placeholder('roleCode')),
        eq(roleRights.rightCode, sql.placeholder('rightCode')),
      ),
    )
    .prepare('role_has_right');

/** Read on every request to a route guarded by a right, so it runs prepared. */
export async function roleHasRight(db: Database, roleCode: string, rightCode: string): Promise<boolean> {
  const rows = await preparedQuery(db, 'role_has_right', prepareHasRight).execute({ roleCode, rightCode });
  return rows.length > 0;
}
