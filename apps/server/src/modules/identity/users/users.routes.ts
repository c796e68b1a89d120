import {
  ChangeClientIdRequestSchema,
  CreateUserRequestSchema,
  CreateUserResultSchema,
  ErrorBodySchema,
  UpdateUserRequestSchema,
  UpdateUserResultSchema,
  UserIdRequestSchema,
  UserListQuerySchema,
  UserPageSchema,
  UserSchema,
  UserStatusActionSchema,
  ValidateUserRequestSchema,
  ValidationAnswerSchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/audit/index.js';
import type { Database } from '../../../platform/database.js';
import { access } from '../../../platform/request-context.js';
import {
  changeUserClient,
  changeUserStatus,
  createUser,
  getManagedUser,
  listUsers,
  resetUserMfa,
  updateUser,
  validateUser,
} from './users.service.js';

const security = [{ bearer: [] }];
const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

const STATUS_SUMMARIES = {
  activate: 'Activate a pending user',
  deactivate: 'Deactivate a user (their sessions end)',
  pending: 'Set an active user pending (their sessions end)',
  unlock: 'Unlock a user locked out by failed logins (clears the lockout)',
  reactivate: 'Reactivate a deactivated user',
} as const;

/** User administration (spec §2 /users, §4 user states, §7 identity and users calls). */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/users',
    {
      config: { access: access.right('USER_VIEW') },
      schema: {
        tags: ['users'],
        summary: 'Users of the current client (any client for super admins), newest first',
        security,
        querystring: UserListQuerySchema,
        response: { 200: UserPageSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => listUsers(db, request.ctx.session!, request.query),
  );

  app.get(
    '/api/users/byClient/:clientId',
    {
      config: { access: access.right('USER_VIEW') },
      schema: {
        tags: ['users'],
        summary: 'Users by client: the own client, or any client for super admins',
        security,
        params: z.object({ clientId: z.string() }),
        querystring: UserListQuerySchema.omit({ clientId: true }),
        response: { 200: UserPageSchema, 404: ErrorBodySchema },
      },
    },
    async (request) =>
      listUsers(db, request.ctx.session!, { ...request.query, clientId: request.params.clientId }),
  );

  app.get(
    '/api/users/:userId',
    {
      config: { access: access.right('USER_VIEW') },
      schema: {
        tags: ['users'],
        summary: 'User detail: a user of the current client (any client for super admins)',
        security,
        params: z.object({ userId: z.string() }),
        response: { 200: UserSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getManagedUser(db, request.ctx.session!, request.params.userId),
  );

  app.post(
    '/api/users',
    {
      config: { access: access.right('USER_MANAGE') },
      schema: {
        tags: ['users'],
        summary:
          'Create a user (name, email, role); answers a one-time temporary password, or a pending task when the client requires approval',
        security,
        body: CreateUserRequestSchema,
        response: { 200: CreateUserResultSchema, ...errors },
      },
    },
    async (request) => createUser(db, actorOf(request), request.body),
  );

  app.post(
    '/api/users/validate',
    {
      config: { access: access.right('USER_MANAGE') },
      schema: {
        tags: ['users'],
        summary: 'Server-side validation of user name, email (including that it is free) and role',
        security,
        body: ValidateUserRequestSchema,
        response: { 200: ValidationAnswerSchema },
      },
    },
    async (request) => validateUser(db, request.ctx.session!, request.body),
  );

  app.put(
    '/api/users/changeClientId',
    {
      config: { access: access.roles('SAD') },
      schema: {
        tags: ['users'],
        summary: 'Move a user to another client (super admin); their sessions end',
        security,
        body: ChangeClientIdRequestSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => changeUserClient(db, actorOf(request), request.body.userId, request.body.clientId),
  );

  for (const action of UserStatusActionSchema.options) {
    app.put(
      `/api/users/${action}`,
      {
        config: { access: access.right('USER_MANAGE') },
        schema: {
          tags: ['users'],
          summary: STATUS_SUMMARIES[action],
          security,
          body: UserIdRequestSchema,
          response: { 200: UserSchema, ...errors },
        },
      },
      async (request) => changeUserStatus(db, actorOf(request), action, request.body.userId),
    );
  }

  app.put(
    '/api/users/resetMfa',
    {
      config: { access: access.right('USER_MANAGE') },
      schema: {
        tags: ['users'],
        summary: 'Turn MFA off for a user who lost their authenticator',
        security,
        body: UserIdRequestSchema,
        response: { 200: UserSchema, ...errors },
      },
    },
    async (request) => resetUserMfa(db, actorOf(request), request.body.userId),
  );

  app.put(
    '/api/users/:userId',
    {
      config: { access: access.right('USER_MANAGE') },
      schema: {
        tags: ['users'],
        summary:
          'Edit a user (name, email, role); a role change waits for approval when the client requires it',
        security,
        params: z.object({ userId: z.string() }),
        body: UpdateUserRequestSchema,
        response: { 200: UpdateUserResultSchema, ...errors },
      },
    },
    async (request) => updateUser(db, actorOf(request), request.params.userId, request.body),
  );
};
