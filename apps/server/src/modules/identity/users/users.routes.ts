import { UserStatusActionSchema, userStatusOperations, usersOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../platform/audit/index.js';
import type { Database } from '../../../platform/database.js';
import { routeOperation } from '../../../platform/operation-route.js';
import type { UserRenamed } from '../identity.service.js';
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

/** User administration (spec §2 /users, §4 user states, §7 identity and users calls). */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; userRenamed?: UserRenamed }> = async (
  app,
  { db, userRenamed },
) => {
  routeOperation(app, usersOperations.listUsers, (request) =>
    listUsers(db, request.ctx.actor!, request.query),
  );
  routeOperation(app, usersOperations.listUsersByClient, (request) =>
    listUsers(db, request.ctx.actor!, { ...request.query, clientId: request.params.clientId }),
  );
  routeOperation(app, usersOperations.getUser, (request) =>
    getManagedUser(db, request.ctx.actor!, request.params.userId),
  );
  routeOperation(app, usersOperations.createUser, (request) =>
    createUser(db, actorOf(request), request.body),
  );
  routeOperation(app, usersOperations.validateUser, (request) =>
    validateUser(db, request.ctx.actor!, request.body),
  );
  routeOperation(app, usersOperations.changeUserClient, (request) =>
    changeUserClient(db, actorOf(request), request.body.userId, request.body.clientId),
  );
  for (const action of UserStatusActionSchema.options) {
    routeOperation(app, userStatusOperations[action], (request) =>
      changeUserStatus(db, actorOf(request), action, request.body.userId),
    );
  }
  routeOperation(app, usersOperations.resetUserMfa, (request) =>
    resetUserMfa(db, actorOf(request), request.body.userId),
  );
  routeOperation(app, usersOperations.updateUser, (request) =>
    updateUser({ db, userRenamed }, actorOf(request), request.params.userId, request.body),
  );
};
