import {
  type CreateUserRequest,
  CreateUserRequestSchema,
  type RoleCode,
  type UpdateUserRequest,
  type User,
  type UserStatus,
  type UserStatusAction,
  type ValidationAnswer,
} from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import { type Actor, isSuperAdmin, principalOf } from '../../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import type { Database, Executor } from '../../../platform/database.js';
import { type ApprovalRegistry, type ApprovalTaskRow, proposeChange } from '../../approvals/index.js';
import { clientNotFound, getClient } from '../../clients/index.js';
import { userNotFound } from '../identity.errors.js';
import { findUser, insertUser, revokeSessions, unsafeFindUserById } from '../identity.repository.js';
import { type IdentityDeps, toUser, type UserRenamed } from '../identity.service.js';
import type { UserRow } from '../identity.tables.js';
import { isPaused } from '../login-pause.js';
import { hashPassword } from '../password.js';
import { generateTemporaryPassword } from '../temporary-password.js';
import {
  emailTaken,
  invalidTransition,
  mfaNotOnForUser,
  notOnYourself,
  roleNotAssignable,
  superAdminOnly,
} from './users.errors.js';
import {
  listUsersOfClient,
  moveUserToClient,
  transitionUserStatus,
  type UserFilter,
  unsafeEmailTaken,
  updateUserFields,
  updateUserMfaOff,
} from './users.repository.js';

export const USER_CREATE_TASK = 'user.create';
export const USER_UPDATE_TASK = 'user.update';

/** The user as the audit trail keeps it: never the password hash. */
const auditedUser = (row: UserRow) => ({
  name: row.name,
  email: row.email,
  role: row.role,
  status: row.status,
  clientId: row.clientId,
});

/** Which client's users the caller works on: any client for a super admin, else their own (404 otherwise). */
function scopeOf(actor: Actor, requested: string | undefined): string {
  if (requested === undefined || requested === actor.clientId) return actor.clientId;
  if (!isSuperAdmin(actor) || !isId(requested)) throw clientNotFound();
  return requested;
}

/**
 * A user of the client the caller acts for; any other client's user answers 404. A super admin
 * reaches another client's users by acting for that client (PUT /api/users/ownClientId).
 */
async function findManagedUser(db: Executor, actor: Actor, userId: string): Promise<UserRow> {
  const row = isId(userId) ? await findUser(db, actor.clientId, userId) : null;
  if (!row) throw userNotFound();
  return row;
}

/**
 * Admins manage roles below their own: only a super admin touches SAD, and only SAD or ADC touch
 * ADC, so an admin user (ADU) or admin brand (ADB) cannot make themselves a second, stronger account.
 */
const OUT_OF_REACH: Partial<Record<RoleCode, RoleCode[]>> = {
  SAD: [],
  ADC: ['SAD'],
};

/** Whether the caller is the user themselves (an API key or a client-wide job is nobody's account). */
const isSelf = (actor: Actor, userId: string) => principalOf(actor)?.userId === userId;

/** Roles are read of the acting person; an API key or a client-wide job manages as the lowest admin. */
function assertMayManageRole(actor: Actor, ...roles: string[]) {
  if (!isSuperAdmin(actor) && roles.includes('SAD')) throw superAdminOnly();
  const role = principalOf(actor)?.role;
  const outOfReach = (role && OUT_OF_REACH[role]) ?? ['SAD', 'ADC'];
  const refused = roles.find((role) => (outOfReach as string[]).includes(role));
  if (refused) throw roleNotAssignable(refused);
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function listUsers(
  db: Executor,
  actor: Actor,
  query: UserFilter & { clientId?: string | undefined; pageSize: number; pageNumber: number },
) {
  const clientId = scopeOf(actor, query.clientId);
  if (clientId !== actor.clientId) await getClient(db, clientId);
  const { items, total } = await listUsersOfClient(db, clientId, query, query);
  return { pageSize: query.pageSize, pageNumber: query.pageNumber, total, items: items.map(toUser) };
}

export async function getManagedUser(db: Executor, actor: Actor, userId: string): Promise<User> {
  return toUser(await findManagedUser(db, actor, userId));
}

/** Inserts the user with a fresh temporary password and records it; shared by direct creation and approval. */
async function insertNewUser(
  tx: Executor,
  caller: AuditActor,
  clientId: string,
  fields: { name: string; email: string; role: RoleCode },
) {
  if (await unsafeEmailTaken(tx, fields.email)) throw emailTaken();
  const temporaryPassword = generateTemporaryPassword();
  let row: UserRow;
  try {
    row = await insertUser(tx, {
      clientId,
      id: newId(),
      ...fields,
      passwordHash: await hashPassword(temporaryPassword),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  await recordAudit(tx, caller, {
    clientId,
    action: 'user.create',
    entityType: 'user',
    entityId: row.id,
    after: auditedUser(row),
  });
  return { user: toUser(row), temporaryPassword };
}

export type CreateUserOutcome =
  | { outcome: 'created'; user: User; temporaryPassword: string }
  | { outcome: 'pending_approval'; taskId: string };

/**
 * Creates a user, or, when the client requires maker-checker approval, proposes it as a task that
 * another admin approves. A super admin's changes never wait: they are the installation's operators.
 */
export async function createUser(
  db: Database,
  caller: AuditActor,
  body: CreateUserRequest,
): Promise<CreateUserOutcome> {
  const { actor } = caller;
  const clientId = scopeOf(actor, body.clientId);
  const client = await getClient(db, clientId);
  assertMayManageRole(actor, body.role);
  const fields = { name: body.name, email: body.email, role: body.role };
  if (await unsafeEmailTaken(db, fields.email)) throw emailTaken();
  if (client.approvalRequired && !isSuperAdmin(actor)) {
    const task = await db.transaction((tx) =>
      proposeChange(tx, caller, {
        clientId,
        type: USER_CREATE_TASK,
        summary: `New user ${fields.email} (${fields.role})`,
        payload: fields,
      }),
    );
    return { outcome: 'pending_approval', taskId: task.id };
  }
  const created = await db.transaction((tx) => insertNewUser(tx, caller, clientId, fields));
  return { outcome: 'created', ...created };
}

/** Creates a client's first admin inside the client's creation. */
export async function createFirstAdmin(
  tx: Executor,
  caller: AuditActor,
  clientId: string,
  admin: { adminName: string; adminEmail: string },
) {
  return insertNewUser(tx, caller, clientId, { name: admin.adminName, email: admin.adminEmail, role: 'ADC' });
}

async function applyUserUpdate(
  tx: Executor,
  caller: AuditActor,
  before: UserRow,
  body: UpdateUserRequest,
  userRenamed: UserRenamed | undefined,
) {
  if (body.email !== before.email && (await unsafeEmailTaken(tx, body.email, before.id))) throw emailTaken();
  let row: UserRow | null;
  try {
    row = await updateUserFields(tx, before.clientId, before.id, body);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  if (!row) throw userNotFound();
  if (row.name !== before.name) await userRenamed?.(tx, row.clientId, row.id, row.name);
  await recordAudit(tx, caller, {
    clientId: row.clientId,
    action: 'user.update',
    entityType: 'user',
    entityId: row.id,
    before: auditedUser(before),
    after: auditedUser(row),
  });
  return row;
}

export async function updateUser(
  deps: Pick<IdentityDeps, 'db' | 'userRenamed'>,
  caller: AuditActor,
  userId: string,
  body: UpdateUserRequest,
) {
  const { db } = deps;
  const { actor } = caller;
  const before = await findManagedUser(db, actor, userId);
  assertMayManageRole(actor, before.role, body.role);
  if (isSelf(actor, before.id) && body.role !== before.role) throw notOnYourself();
  if (body.email !== before.email && (await unsafeEmailTaken(db, body.email, before.id))) throw emailTaken();
  const client = await getClient(db, before.clientId);
  if (client.approvalRequired && !isSuperAdmin(actor) && body.role !== before.role) {
    const task = await db.transaction((tx) =>
      proposeChange(tx, caller, {
        clientId: before.clientId,
        type: USER_UPDATE_TASK,
        summary: `Role of ${before.email}: ${before.role} → ${body.role}`,
        payload: {
          userId: before.id,
          ...body,
          before: { name: before.name, email: before.email, role: before.role },
        },
      }),
    );
    return { outcome: 'pending_approval' as const, taskId: task.id };
  }
  const row = await db.transaction((tx) => applyUserUpdate(tx, caller, before, body, deps.userRenamed));
  return { outcome: 'updated' as const, user: toUser(row) };
}

const TRANSITIONS: Record<
  UserStatusAction,
  { from: UserStatus[]; to: UserStatus; done: string; allowed: string }
> = {
  activate: { from: ['pending'], to: 'active', done: 'activated', allowed: 'pending' },
  deactivate: {
    from: ['active', 'pending', 'locked'],
    to: 'deactivated',
    done: 'deactivated',
    allowed: 'active, pending or locked',
  },
  pending: { from: ['active'], to: 'pending', done: 'set pending', allowed: 'active' },
  // A paused user is 'active' in the table (decision 0016); unlocking ends the pause early.
  unlock: { from: ['locked', 'active'], to: 'active', done: 'unlocked', allowed: 'locked' },
  reactivate: { from: ['deactivated'], to: 'active', done: 'reactivated', allowed: 'deactivated' },
};

/** The user states of spec §4. A user who can no longer log in loses their sessions in the same transaction. */
export async function changeUserStatus(
  db: Database,
  caller: AuditActor,
  action: UserStatusAction,
  userId: string,
) {
  const { actor } = caller;
  const before = await findManagedUser(db, actor, userId);
  if (isSelf(actor, before.id)) throw notOnYourself();
  assertMayManageRole(actor, before.role);
  const rule = TRANSITIONS[action];
  if (action === 'unlock' && before.status === 'active' && !isPaused(before))
    throw invalidTransition(rule.done, before.status, rule.allowed);
  const row = await db.transaction(async (tx) => {
    const after = await transitionUserStatus(tx, before.clientId, before.id, rule.from, rule.to);
    if (!after) return null;
    if (rule.to !== 'active') await revokeSessions(tx, after.clientId, { userId: after.id }, rule.to);
    await recordAudit(tx, caller, {
      clientId: after.clientId,
      action: `user.${action}`,
      entityType: 'user',
      entityId: after.id,
      before: {
        status: toUser(before).status,
        failedLoginCount: before.failedLoginCount,
        lockedUntil: before.lockedUntil?.toISOString() ?? null,
      },
      after: { status: after.status, failedLoginCount: after.failedLoginCount, lockedUntil: null },
    });
    return after;
  });
  if (!row) {
    const current = (await findUser(db, before.clientId, before.id)) ?? before;
    throw invalidTransition(rule.done, current.status, rule.allowed);
  }
  return toUser(row);
}

/** An admin turns MFA off for a user who lost their authenticator; they set it up again after login. */
export async function resetUserMfa(db: Database, caller: AuditActor, userId: string) {
  const { actor } = caller;
  const before = await findManagedUser(db, actor, userId);
  if (isSelf(actor, before.id)) throw notOnYourself();
  assertMayManageRole(actor, before.role);
  if (!before.mfaEnabled && !before.mfaSecret) throw mfaNotOnForUser();
  const row = await db.transaction(async (tx) => {
    const after = await updateUserMfaOff(tx, before.clientId, before.id);
    if (!after) throw userNotFound();
    await recordAudit(tx, caller, {
      clientId: after.clientId,
      action: 'user.mfa_reset',
      entityType: 'user',
      entityId: after.id,
      before: { mfaEnabled: before.mfaEnabled },
      after: { mfaEnabled: false },
    });
    return after;
  });
  return toUser(row);
}

/** A super admin moves a user to another client; the user's sessions end, as their data scope changes. */
export async function changeUserClient(db: Database, caller: AuditActor, userId: string, clientId: string) {
  // The spec's call names the user by id alone, across clients: only a super admin reaches it.
  const before = isId(userId) ? await unsafeFindUserById(db, userId) : null;
  if (!before) throw userNotFound();
  if (!isId(clientId)) throw clientNotFound();
  const target = await getClient(db, clientId);
  if (isSelf(caller.actor, before.id)) throw notOnYourself();
  if (target.id === before.clientId) return toUser(before);
  const row = await db.transaction(async (tx) => {
    await revokeSessions(tx, before.clientId, { userId: before.id }, 'client_changed');
    const moved = await moveUserToClient(tx, before.clientId, before.id, target.id);
    if (!moved) throw userNotFound();
    for (const side of [before.clientId, target.id]) {
      await recordAudit(tx, caller, {
        clientId: side,
        action: 'user.change_client',
        entityType: 'user',
        entityId: moved.id,
        before: { clientId: before.clientId },
        after: { clientId: target.id },
      });
    }
    return moved;
  });
  return toUser(row);
}

/** The spec's server-side validation call for user name, email and role: every problem at once. */
export async function validateUser(
  db: Executor,
  actor: Actor,
  body: {
    name?: string | undefined;
    email?: string | undefined;
    role?: string | undefined;
    userId?: string | undefined;
  },
): Promise<ValidationAnswer> {
  const errors: { field: string; message: string }[] = [];
  const shape = CreateUserRequestSchema.shape;
  const check = (field: 'name' | 'email' | 'role', value: string | undefined) => {
    if (value === undefined) return undefined;
    const parsed = shape[field].safeParse(value);
    if (!parsed.success) {
      errors.push({ field, message: parsed.error.issues[0]?.message ?? 'Not valid' });
      return undefined;
    }
    return parsed.data as string;
  };
  check('name', body.name);
  const email = check('email', body.email);
  const role = check('role', body.role);
  if (
    email &&
    (await unsafeEmailTaken(db, email, body.userId && isId(body.userId) ? body.userId : undefined))
  ) {
    errors.push({ field: 'email', message: emailTaken().message });
  }
  if (role === 'SAD' && !isSuperAdmin(actor))
    errors.push({ field: 'role', message: superAdminOnly().message });
  return { valid: errors.length === 0, errors };
}

/** Maker-checker handlers: what approving a proposed user creation or role change does. */
export function registerUserApprovals(registry: ApprovalRegistry, userRenamed?: UserRenamed) {
  registry.register(USER_CREATE_TASK, {
    async apply(tx, checker, task: ApprovalTaskRow) {
      const payload = task.payload as { name: string; email: string; role: RoleCode };
      const created = await insertNewUser(tx, checker, task.clientId, payload);
      return {
        result: { userId: created.user.userId, email: created.user.email },
        oneTime: { temporaryPassword: created.temporaryPassword },
      };
    },
  });
  registry.register(USER_UPDATE_TASK, {
    async apply(tx, checker, task: ApprovalTaskRow) {
      const payload = task.payload as UpdateUserRequest & { userId: string };
      const before = await findUser(tx, task.clientId, payload.userId);
      if (!before) throw userNotFound();
      const row = await applyUserUpdate(
        tx,
        checker,
        before,
        {
          name: payload.name,
          email: payload.email,
          role: payload.role,
        },
        userRenamed,
      );
      return { result: { userId: row.id, role: row.role } };
    },
  });
}
