import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Roles and rights are the installation's access vocabulary, shared by every client and edited by the
// super admin only, so these tables have no client_id (docs/decisions/0006).

/** The role codes of spec §3, with names and descriptions the super admin can edit. */
export const roles = pgTable('roles', {
  roleCode: text('role_code').primaryKey(),
  roleName: text('role_name').notNull(),
  roleDescription: text('role_description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Permissions the server's access rules check (`access.right(code)`). */
export const rights = pgTable('rights', {
  rightCode: text('right_code').primaryKey(),
  rightName: text('right_name').notNull(),
  rightDescription: text('right_description').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roleRights = pgTable(
  'role_rights',
  {
    roleCode: text('role_code')
      .notNull()
      .references(() => roles.roleCode, { onDelete: 'cascade' }),
    rightCode: text('right_code')
      .notNull()
      .references(() => rights.rightCode, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleCode, t.rightCode] }), index('role_rights_right_idx').on(t.rightCode)],
);

export type RoleRow = typeof roles.$inferSelect;
export type RightRow = typeof rights.$inferSelect;
