import {
  ApprovalTaskSchema,
  ApproveTaskResultSchema,
  CheckerMakerPageSchema,
  CheckerMakerQuerySchema,
  CheckerMakerRemoveQuerySchema,
  CheckerMakerUpdateSchema,
  CheckerMakerUserSchema,
  ErrorBodySchema,
  PageQuerySchema,
  RejectTaskRequestSchema,
  TaskListNameSchema,
  TaskPageSchema,
} from '@sapa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/audit/index.js';
import type { Database } from '../../platform/database.js';
import { access } from '../../platform/request-context.js';
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

const security = [{ bearer: [] }];
const taskParams = z.object({ taskId: z.string() });
const errors = { 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** Maker-checker tasks of the session's client (spec §4 "Approval tasks", §7 tasks calls). */
export const approvalsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  registry: ApprovalRegistry;
  users: UserDirectory;
}> = async (app, { db, registry, users }) => {
  app.get(
    '/api/tasks/:list',
    {
      config: { access: access.right('TASK_CREATE') },
      schema: {
        tags: ['approvals'],
        summary: 'Task lists: create (the ones I proposed), pending, approved, rejected; newest first',
        security,
        params: z.object({ list: TaskListNameSchema }),
        querystring: PageQuerySchema,
        response: { 200: TaskPageSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => listApprovalTasks(db, request.ctx.session!, request.params.list, request.query),
  );

  app.get(
    '/api/tasks/task/:taskId',
    {
      config: { access: access.right('TASK_CREATE') },
      schema: {
        tags: ['approvals'],
        summary: 'One task with its proposed change',
        security,
        params: taskParams,
        response: { 200: ApprovalTaskSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => getApprovalTask(db, request.ctx.session!, request.params.taskId),
  );

  app.put(
    '/api/tasks/task/:taskId/approve',
    {
      config: { access: access.right('TASK_APPROVE') },
      schema: {
        tags: ['approvals'],
        summary: 'Approve a pending task: its change applies at once, exactly once (not your own task)',
        security,
        params: taskParams,
        response: { 200: ApproveTaskResultSchema, ...errors },
      },
    },
    async (request) => approveTask(db, registry, actorOf(request), request.params.taskId),
  );

  app.put(
    '/api/tasks/task/:taskId/reject',
    {
      config: { access: access.right('TASK_APPROVE') },
      schema: {
        tags: ['approvals'],
        summary: 'Reject a pending task with a note (not your own task)',
        security,
        params: taskParams,
        body: RejectTaskRequestSchema,
        response: { 200: ApprovalTaskSchema, 400: ErrorBodySchema, ...errors },
      },
    },
    async (request) => rejectTask(db, actorOf(request), request.params.taskId, request.body.note),
  );

  app.get(
    '/api/checker-maker',
    {
      config: { access: access.right('USER_VIEW') },
      schema: {
        tags: ['approvals'],
        summary: "Checker-maker users of a channel: who proposes and who decides that channel's changes",
        security,
        querystring: CheckerMakerQuerySchema,
        response: { 200: CheckerMakerPageSchema, 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request) => listChannelCheckerMakers(db, users, request.ctx.session!, request.query),
  );

  app.put(
    '/api/checker-maker',
    {
      config: { access: access.right('USER_MANAGE') },
      schema: {
        tags: ['approvals'],
        summary: 'Name a user of the client as maker and/or checker of a channel',
        security,
        body: CheckerMakerUpdateSchema,
        response: {
          200: CheckerMakerUserSchema,
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => saveChannelCheckerMaker(db, users, actorOf(request), request.body),
  );

  app.delete(
    '/api/checker-maker',
    {
      config: { access: access.right('USER_MANAGE') },
      schema: {
        tags: ['approvals'],
        summary: 'Remove a user from the makers and checkers of a channel',
        security,
        querystring: CheckerMakerRemoveQuerySchema,
        response: {
          200: z.object({ deleted: z.boolean() }),
          400: ErrorBodySchema,
          403: ErrorBodySchema,
          404: ErrorBodySchema,
        },
      },
    },
    async (request) => {
      await removeChannelCheckerMaker(db, actorOf(request), request.query);
      return { deleted: true };
    },
  );
};
