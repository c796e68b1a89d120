import { rolesOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/audit/index.js';
import type { Database } from '../../platform/database.js';
import { routeOperation } from '../../platform/operation-route.js';
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

/** Roles, rights and the role-to-right mapping (spec §3, §6); edited by the super admin. */
export const rolesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  routeOperation(app, rolesOperations.listRoles, () => getRoles(db));
  routeOperation(app, rolesOperations.updateRole, (request) =>
    editRole(db, actorOf(request), request.params.roleCode, request.body),
  );
  routeOperation(app, rolesOperations.getRoleRights, (request) => getRoleRights(db, request.params.roleCode));
  routeOperation(app, rolesOperations.setRoleRights, (request) =>
    setRoleRights(db, actorOf(request), request.params.roleCode, request.body.rightCodes),
  );
  routeOperation(app, rolesOperations.listRights, () => getRights(db));
  routeOperation(app, rolesOperations.createRight, (request) =>
    createRight(db, actorOf(request), request.body),
  );
  routeOperation(app, rolesOperations.updateRight, (request) =>
    editRight(db, actorOf(request), request.params.rightCode, request.body),
  );
  routeOperation(app, rolesOperations.deleteRight, (request) =>
    removeRight(db, actorOf(request), request.params.rightCode),
  );
  routeOperation(app, rolesOperations.getMyRights, (request) => getMyRights(db, request.ctx.actor!));
  routeOperation(app, rolesOperations.getUserRights, (request) =>
    getUserRights(db, request.ctx.actor!, request.params.userId),
  );
};
