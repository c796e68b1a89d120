import { RIGHT_CODES, type Right, type Role } from '@sapa/contracts';
import { type Actor, homeClientOf, requirePrincipal } from '../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../platform/audit/index.js';
import type { Database, Executor } from '../../platform/database.js';
import { getManagedUser } from '../identity/index.js';
import {
  rightExists,
  rightInUse,
  rightNotFound,
  roleNotFound,
  superAdminKeepsRoleManage,
  unknownRights,
} from './roles.errors.js';
import {
  deleteRight,
  findExistingRightCodes,
  findRight,
  findRole,
  insertRight,
  listRights,
  listRightsOfRole,
  listRoles,
  replaceRoleRights,
  roleHasRight,
  updateRight,
  updateRole,
} from './roles.repository.js';
import type { RightRow, RoleRow } from './roles.tables.js';

const toRole = ({ roleCode, roleName, roleDescription }: RoleRow): Role => ({
  roleCode,
  roleName,
  roleDescription,
});
const toRight = ({ rightCode, rightName, rightDescription }: RightRow): Right => ({
  rightCode,
  rightName,
  rightDescription,
});

/** Role and right changes belong to no client: their audit rows go to the acting super admin's home client. */
const auditClientOf = (caller: AuditActor) => homeClientOf(caller.actor);

export const hasRight = (db: Database) => (role: string, right: string) => roleHasRight(db, role, right);

export async function getRoles(db: Executor) {
  return (await listRoles(db)).map(toRole);
}

export async function editRole(
  db: Database,
  caller: AuditActor,
  roleCode: string,
  fields: { roleName: string; roleDescription: string },
) {
  return db.transaction(async (tx) => {
    const before = await findRole(tx, roleCode);
    if (!before) throw roleNotFound();
    const after = await updateRole(tx, roleCode, fields);
    if (!after) throw roleNotFound();
    await recordAudit(tx, caller, {
      clientId: auditClientOf(caller),
      action: 'role.update',
      entityType: 'role',
      entityId: roleCode,
      before: toRole(before),
      after: toRole(after),
    });
    return toRole(after);
  });
}

export async function getRights(db: Executor) {
  return (await listRights(db)).map(toRight);
}

export async function createRight(db: Database, caller: AuditActor, fields: Right) {
  return db.transaction(async (tx) => {
    const row = await insertRight(tx, fields);
    if (!row) throw rightExists();
    await recordAudit(tx, caller, {
      clientId: auditClientOf(caller),
      action: 'right.create',
      entityType: 'right',
      entityId: row.rightCode,
      after: toRight(row),
    });
    return toRight(row);
  });
}

export async function editRight(
  db: Database,
  caller: AuditActor,
  rightCode: string,
  fields: { rightName: string; rightDescription: string },
) {
  return db.transaction(async (tx) => {
    const before = await findRight(tx, rightCode);
    if (!before) throw rightNotFound();
    const after = await updateRight(tx, rightCode, fields);
    if (!after) throw rightNotFound();
    await recordAudit(tx, caller, {
      clientId: auditClientOf(caller),
      action: 'right.update',
      entityType: 'right',
      entityId: rightCode,
      before: toRight(before),
      after: toRight(after),
    });
    return toRight(after);
  });
}

/** The rights the server's routes check cannot go away; custom ones can. */
export async function removeRight(db: Database, caller: AuditActor, rightCode: string) {
  if ((RIGHT_CODES as string[]).includes(rightCode)) throw rightInUse();
  return db.transaction(async (tx) => {
    const before = await findRight(tx, rightCode);
    if (!before || !(await deleteRight(tx, rightCode))) throw rightNotFound();
    await recordAudit(tx, caller, {
      clientId: auditClientOf(caller),
      action: 'right.delete',
      entityType: 'right',
      entityId: rightCode,
      before: toRight(before),
    });
    return { deleted: true };
  });
}

export async function getRoleRights(db: Executor, roleCode: string) {
  if (!(await findRole(db, roleCode))) throw roleNotFound();
  return { roleCode, rights: (await listRightsOfRole(db, roleCode)).map(toRight) };
}

export async function setRoleRights(
  db: Database,
  caller: AuditActor,
  roleCode: string,
  rightCodes: string[],
) {
  const codes = [...new Set(rightCodes)].sort();
  if (roleCode === 'SAD' && !codes.includes('ROLE_MANAGE')) throw superAdminKeepsRoleManage();
  return db.transaction(async (tx) => {
    if (!(await findRole(tx, roleCode))) throw roleNotFound();
    const existing = new Set(await findExistingRightCodes(tx, codes));
    const unknown = codes.filter((code) => !existing.has(code));
    if (unknown.length > 0) throw unknownRights(unknown);
    const before = (await listRightsOfRole(tx, roleCode)).map((right) => right.rightCode);
    await replaceRoleRights(tx, roleCode, codes);
    await recordAudit(tx, caller, {
      clientId: auditClientOf(caller),
      action: 'role.rights',
      entityType: 'role',
      entityId: roleCode,
      before: { rightCodes: before },
      after: { rightCodes: codes },
    });
    return { roleCode, rights: (await listRightsOfRole(tx, roleCode)).map(toRight) };
  });
}

/** Rights by user: what the user's role may do (a user of another client answers 404). */
export async function getUserRights(db: Executor, actor: Actor, userId: string) {
  const user = await getManagedUser(db, actor, userId);
  const rights = await listRightsOfRole(db, user.role);
  return { userId: user.userId, roleCode: user.role, rightCodes: rights.map((right) => right.rightCode) };
}

/** The acting person's rights (an API key or a client-wide job has no role of its own: refused). */
export async function getMyRights(db: Executor, actor: Actor) {
  const { userId, role } = requirePrincipal(actor);
  const rights = await listRightsOfRole(db, role);
  return {
    userId,
    roleCode: role,
    rightCodes: rights.map((right) => right.rightCode),
  };
}
