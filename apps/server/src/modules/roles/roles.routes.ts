import {
  CreateRightRequestSchema,
  ErrorBodySchema,
  RightFieldsSchema,
  RightSchema,
  RoleRightsRequestSchema,
  RoleRightsSchema,
  RoleSchema,
  UpdateRoleRequestSchema,
  UserRightsSchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/audit/index.js';
import type { Database } from '../../platform/database.js';
import { access } from '../../platform/request-context.js';
import {
  createRight,
  editRight,
  editRole,
  getMyRights,
  getRights,
  getRoleRights,
  getRoles,
  getUserRights,
  removeRight,
  setRoleRights,
} from './roles.service.js';

const security = [{ bearer: [] }];
const roleParams = z.object({ roleCode: z.string().max(50) });
const rightParams = z.object({ rightCode: z.string().max(50) });
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Roles, rights and the role-to-right mapping (spec §3, §6); edited by the super admin. */
export const rolesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/roles',
    {
      // Admins choose a role when they create a user, so reading roles only needs USER_VIEW.
      config: { access: access.right('USER_VIEW') },
      schema: { tags: ['roles'], summary: 'Roles', security, response: { 200: z.array(RoleSchema) } },
    },
    async () => getRoles(db),
  );

  app.put(
    '/api/roles/:roleCode',
    {
      config: { access: access.right('ROLE_MANAGE') },
      schema: {
        tags: ['roles'],
        summary: 'Edit a role’s name and description (role codes are the spec’s and fixed)',
        security,
        params: roleParams,
        body: UpdateRoleRequestSchema,
        response: { 200: RoleSchema, ...errors },
      },
    },
    async (request) => editRole(db, actorOf(request), request.params.roleCode, request.body),
  );

  app.get(
    '/api/roles/:roleCode/rights',
    {
      config: { access: access.right('ROLE_MANAGE') },
      schema: {
        tags: ['roles'],
        summary: 'The rights of a role',
        security,
        params: roleParams,
        response: { 200: RoleRightsSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getRoleRights(db, request.params.roleCode),
  );

  app.put(
    '/api/roles/:roleCode/rights',
    {
      config: { access: access.right('ROLE_MANAGE') },
      schema: {
        tags: ['roles'],
        summary: 'Set the rights of a role (replaces the mapping); applies to the next request',
        security,
        params: roleParams,
        body: RoleRightsRequestSchema,
        response: { 200: RoleRightsSchema, ...errors },
      },
    },
    async (request) => setRoleRights(db, actorOf(request), request.params.roleCode, request.body.rightCodes),
  );

  app.get(
    '/api/rights',
    {
      config: { access: access.right('ROLE_MANAGE') },
      schema: { tags: ['roles'], summary: 'Rights', security, response: { 200: z.array(RightSchema) } },
    },
    async () => getRights(db),
  );

  app.post(
    '/api/rights',
    {
      config: { access: access.right('ROLE_MANAGE') },
      schema: {
        tags: ['roles'],
        summary: 'Create a right',
        security,
        body: CreateRightRequestSchema,
        response: { 200: RightSchema, ...errors },
      },
    },
    async (request) => createRight(db, actorOf(request), request.body),
  );

  app.put(
    '/api/rights/:rightCode',
    {
      config: { access: access.right('ROLE_MANAGE') },
      schema: {
        tags: ['roles'],
        summary: 'Edit a right’s name and description',
        security,
        params: rightParams,
        body: RightFieldsSchema,
        response: { 200: RightSchema, ...errors },
      },
    },
    async (request) => editRight(db, actorOf(request), request.params.rightCode, request.body),
  );

  app.delete(
    '/api/rights/:rightCode',
    {
      config: { access: access.right('ROLE_MANAGE') },
      schema: {
        tags: ['roles'],
        summary: 'Delete a custom right (the rights the server checks stay)',
        security,
        params: rightParams,
        response: { 200: z.object({ deleted: z.boolean() }), ...errors },
      },
    },
    async (request) => removeRight(db, actorOf(request), request.params.rightCode),
  );

  app.get(
    '/api/users/me/rights',
    {
      config: { access: access.authenticated() },
      schema: { tags: ['roles'], summary: 'My rights', security, response: { 200: UserRightsSchema } },
    },
    async (request) => getMyRights(db, request.ctx.session!),
  );

  app.get(
    '/api/users/:userId/rights',
    {
      config: { access: access.right('USER_VIEW') },
      schema: {
        tags: ['roles'],
        summary: 'Rights by user: what the user’s role may do',
        security,
        params: z.object({ userId: z.string() }),
        response: { 200: UserRightsSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getUserRights(db, request.ctx.session!, request.params.userId),
  );
};
