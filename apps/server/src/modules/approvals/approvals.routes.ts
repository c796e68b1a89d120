import { approvalsOperations } from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/audit/index.js';
import type { Database } from '../../platform/database.js';
import { routeOperation } from '../../platform/operation-route.js';
import {
  type ApprovalRegistry,
  approveTask,
  getApprovalTask,
  listApprovalTasks,
  rejectTask,
} from './approvals.service.js';
import {
  listChannelCheckerMakers,
  removeChannelCheckerMaker,
  saveChannelCheckerMaker,
  type UserDirectory,
} from './checker-maker.service.js';

/** Maker-checker tasks of the session's client (spec §4 "Approval tasks", §7 tasks calls). */
export const approvalsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  registry: ApprovalRegistry;
  users: UserDirectory;
}> = async (app, { db, registry, users }) => {
  routeOperation(app, approvalsOperations.listTasks, (request) =>
    listApprovalTasks(db, request.ctx.actor!, request.params.list, request.query),
  );
  routeOperation(app, approvalsOperations.getTask, (request) =>
    getApprovalTask(db, request.ctx.actor!, request.params.taskId),
  );
  routeOperation(app, approvalsOperations.approveTask, (request) =>
    approveTask(db, registry, actorOf(request), request.params.taskId),
  );
  routeOperation(app, approvalsOperations.rejectTask, (request) =>
    rejectTask(db, actorOf(request), request.params.taskId, request.body.note, registry),
  );
  routeOperation(app, approvalsOperations.listCheckerMakers, (request) =>
    listChannelCheckerMakers(db, users, request.ctx.actor!, request.query),
  );
  routeOperation(app, approvalsOperations.saveCheckerMaker, (request) =>
    saveChannelCheckerMaker(db, users, actorOf(request), request.body),
  );
  routeOperation(app, approvalsOperations.removeCheckerMaker, async (request) => {
    await removeChannelCheckerMaker(db, actorOf(request), request.query);
    return { deleted: true };
  });
};
