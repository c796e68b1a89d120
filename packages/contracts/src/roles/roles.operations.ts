import { z } from 'zod';
import { access } from '../access/access-rule.js';
import {
  CreateRightRequestSchema,
  RightFieldsSchema,
  RightSchema,
  RoleRightsRequestSchema,
  RoleRightsSchema,
  RoleSchema,
  UpdateRoleRequestSchema,
  UserRightsSchema,
} from '../admin/admin.schemas.js';
import { defineOperation } from '../operations/define-operation.js';

const tags = ['roles'];
const RoleParamsSchema = z.object({ roleCode: z.string().max(50) });
const RightParamsSchema = z.object({ rightCode: z.string().max(50) });

/** Roles, rights and the role-to-right mapping (spec §3, §6); edited by the super admin. */
export const rolesOperations = {
  listRoles: defineOperation({
    method: 'GET',
    path: '/api/roles',
    // Admins choose a role when they create a user, so reading roles only needs USER_VIEW.
    access: access.right('USER_VIEW'),
    tags,
    summary: 'Roles',
    response: z.array(RoleSchema),
  }),
  updateRole: defineOperation({
    method: 'PUT',
    path: '/api/roles/:roleCode',
    access: access.right('ROLE_MANAGE'),
    tags,
    summary: 'Edit a role’s name and description (role codes are the spec’s and fixed)',
    params: RoleParamsSchema,
    body: UpdateRoleRequestSchema,
    response: RoleSchema,
    errors: [400, 404, 409],
  }),
  getRoleRights: defineOperation({
    method: 'GET',
    path: '/api/roles/:roleCode/rights',
    access: access.right('ROLE_MANAGE'),
    tags,
    summary: 'The rights of a role',
    params: RoleParamsSchema,
    response: RoleRightsSchema,
    errors: [404],
  }),
  setRoleRights: defineOperation({
    method: 'PUT',
    path: '/api/roles/:roleCode/rights',
    access: access.right('ROLE_MANAGE'),
    tags,
    summary: 'Set the rights of a role (replaces the mapping); applies to the next request',
    params: RoleParamsSchema,
    body: RoleRightsRequestSchema,
    response: RoleRightsSchema,
    errors: [400, 404, 409],
  }),
  listRights: defineOperation({
    method: 'GET',
    path: '/api/rights',
    access: access.right('ROLE_MANAGE'),
    tags,
    summary: 'Rights',
    response: z.array(RightSchema),
  }),
  createRight: defineOperation({
    method: 'POST',
    path: '/api/rights',
    access: access.right('ROLE_MANAGE'),
    tags,
    summary: 'Create a right',
    body: CreateRightRequestSchema,
    response: RightSchema,
    errors: [400, 404, 409],
  }),
  updateRight: defineOperation({
    method: 'PUT',
    path: '/api/rights/:rightCode',
    access: access.right('ROLE_MANAGE'),
    tags,
    summary: 'Edit a right’s name and description',
    params: RightParamsSchema,
    body: RightFieldsSchema,
    response: RightSchema,
    errors: [400, 404, 409],
  }),
  deleteRight: defineOperation({
    method: 'DELETE',
    path: '/api/rights/:rightCode',
    access: access.right('ROLE_MANAGE'),
    tags,
    summary: 'Delete a custom right (the rights the server checks stay)',
    params: RightParamsSchema,
    response: z.object({ deleted: z.boolean() }),
    errors: [400, 404, 409],
  }),
  getMyRights: defineOperation({
    method: 'GET',
    path: '/api/users/me/rights',
    access: access.authenticated(),
    tags,
    summary: 'My rights',
    response: UserRightsSchema,
  }),
  getUserRights: defineOperation({
    method: 'GET',
    path: '/api/users/:userId/rights',
    access: access.right('USER_VIEW'),
    tags,
    summary: 'Rights by user: what the user’s role may do',
    params: z.object({ userId: z.string() }),
    response: UserRightsSchema,
    errors: [404],
  }),
};
