import { z } from 'zod';
import { access } from '../access/access-rule.js';
import {
  CreateUserRequestSchema,
  CreateUserResultSchema,
  UpdateUserRequestSchema,
  UpdateUserResultSchema,
  UserIdRequestSchema,
  UserListQuerySchema,
  UserPageSchema,
  type UserStatusAction,
  ValidateUserRequestSchema,
  ValidationAnswerSchema,
} from '../admin/admin.schemas.js';
import { ChangeClientIdRequestSchema, UserSchema } from '../identity/identity.schemas.js';
import { defineOperation } from '../operations/define-operation.js';

const tags = ['users'];
const UserParamsSchema = z.object({ userId: z.string() });

/** A user state change (spec §4): one operation per action, `PUT /api/users/<action>`. */
const statusOperation = <A extends UserStatusAction>(action: A, summary: string) =>
  defineOperation({
    method: 'PUT',
    path: `/api/users/${action}`,
    access: access.right('USER_MANAGE'),
    tags,
    summary,
    body: UserIdRequestSchema,
    response: UserSchema,
    errors: [400, 403, 404, 409],
  });

/** The state changes of a user, by action. */
export const userStatusOperations = {
  activate: statusOperation('activate', 'Activate a pending user'),
  deactivate: statusOperation('deactivate', 'Deactivate a user (their sessions end)'),
  pending: statusOperation('pending', 'Set an active user pending (their sessions end)'),
  unlock: statusOperation('unlock', 'Unlock a user locked out by failed logins (clears the lockout)'),
  reactivate: statusOperation('reactivate', 'Reactivate a deactivated user'),
} satisfies Record<UserStatusAction, unknown>;

/** User administration (spec §2 /users, §4 user states, §7 identity and users calls). */
export const usersOperations = {
  listUsers: defineOperation({
    method: 'GET',
    path: '/api/users',
    access: access.right('USER_VIEW'),
    tags,
    summary: 'Users of the current client (any client for super admins), newest first',
    query: UserListQuerySchema,
    response: UserPageSchema,
    errors: [404],
  }),
  listUsersByClient: defineOperation({
    method: 'GET',
    path: '/api/users/byClient/:clientId',
    access: access.right('USER_VIEW'),
    tags,
    summary: 'Users by client: the own client, or any client for super admins',
    params: z.object({ clientId: z.string() }),
    query: UserListQuerySchema.omit({ clientId: true }),
    response: UserPageSchema,
    errors: [404],
  }),
  getUser: defineOperation({
    method: 'GET',
    path: '/api/users/:userId',
    access: access.right('USER_VIEW'),
    tags,
    summary: 'User detail: a user of the current client (any client for super admins)',
    params: UserParamsSchema,
    response: UserSchema,
    errors: [404],
  }),
  createUser: defineOperation({
    method: 'POST',
    path: '/api/users',
    access: access.right('USER_MANAGE'),
    tags,
    summary:
      'Create a user (name, email, role); answers a one-time temporary password, or a pending task when the client requires approval',
    body: CreateUserRequestSchema,
    response: CreateUserResultSchema,
    errors: [400, 403, 404, 409],
  }),
  validateUser: defineOperation({
    method: 'POST',
    path: '/api/users/validate',
    access: access.right('USER_MANAGE'),
    tags,
    summary: 'Server-side validation of user name, email (including that it is free) and role',
    body: ValidateUserRequestSchema,
    response: ValidationAnswerSchema,
  }),
  changeUserClient: defineOperation({
    method: 'PUT',
    path: '/api/users/changeClientId',
    access: access.roles('SAD'),
    tags,
    summary: 'Move a user to another client (super admin); their sessions end',
    body: ChangeClientIdRequestSchema,
    response: UserSchema,
    errors: [400, 403, 404, 409],
  }),
  resetUserMfa: defineOperation({
    method: 'PUT',
    path: '/api/users/resetMfa',
    access: access.right('USER_MANAGE'),
    tags,
    summary: 'Turn MFA off for a user who lost their authenticator',
    body: UserIdRequestSchema,
    response: UserSchema,
    errors: [400, 403, 404, 409],
  }),
  updateUser: defineOperation({
    method: 'PUT',
    path: '/api/users/:userId',
    access: access.right('USER_MANAGE'),
    tags,
    summary: 'Edit a user (name, email, role); a role change waits for approval when the client requires it',
    params: UserParamsSchema,
    body: UpdateUserRequestSchema,
    response: UpdateUserResultSchema,
    errors: [400, 403, 404, 409],
  }),
};
