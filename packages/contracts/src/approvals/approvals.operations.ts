import { z } from 'zod';
import { access } from '../access/access-rule.js';
import {
  ApprovalTaskSchema,
  ApproveTaskResultSchema,
  RejectTaskRequestSchema,
  TaskListNameSchema,
  TaskListQuerySchema,
  TaskPageSchema,
} from '../admin/admin.schemas.js';
import {
  CheckerMakerPageSchema,
  CheckerMakerQuerySchema,
  CheckerMakerRemoveQuerySchema,
  CheckerMakerUpdateSchema,
  CheckerMakerUserSchema,
} from '../admin/checker-maker.schemas.js';
import { defineOperation } from '../operations/define-operation.js';

const tags = ['approvals'];
const TaskParamsSchema = z.object({ taskId: z.string() });

/** Maker-checker tasks of the session's client (spec §4 "Approval tasks", §7 tasks calls). */
export const approvalsOperations = {
  listTasks: defineOperation({
    method: 'GET',
    path: '/api/tasks/:list',
    access: access.right('TASK_CREATE'),
    tags,
    summary: 'Task lists: create (the ones I proposed), pending, approved, rejected; newest first',
    params: z.object({ list: TaskListNameSchema }),
    query: TaskListQuerySchema,
    response: TaskPageSchema,
    errors: [400],
  }),
  getTask: defineOperation({
    method: 'GET',
    path: '/api/tasks/task/:taskId',
    access: access.right('TASK_CREATE'),
    tags,
    summary: 'One task with its proposed change',
    params: TaskParamsSchema,
    response: ApprovalTaskSchema,
    errors: [404],
  }),
  approveTask: defineOperation({
    method: 'PUT',
    path: '/api/tasks/task/:taskId/approve',
    access: access.right('TASK_APPROVE'),
    tags,
    summary: 'Approve a pending task: its change applies at once, exactly once (not your own task)',
    params: TaskParamsSchema,
    response: ApproveTaskResultSchema,
    errors: [403, 404, 409],
  }),
  rejectTask: defineOperation({
    method: 'PUT',
    path: '/api/tasks/task/:taskId/reject',
    access: access.right('TASK_APPROVE'),
    tags,
    summary: 'Reject a pending task with a note (not your own task)',
    params: TaskParamsSchema,
    body: RejectTaskRequestSchema,
    response: ApprovalTaskSchema,
    errors: [400, 403, 404, 409],
  }),
  listCheckerMakers: defineOperation({
    method: 'GET',
    path: '/api/checker-maker',
    access: access.right('USER_VIEW'),
    tags,
    summary: "Checker-maker users of a channel: who proposes and who decides that channel's changes",
    query: CheckerMakerQuerySchema,
    response: CheckerMakerPageSchema,
    errors: [400, 403],
  }),
  saveCheckerMaker: defineOperation({
    method: 'PUT',
    path: '/api/checker-maker',
    access: access.right('USER_MANAGE'),
    tags,
    summary: 'Name a user of the client as maker and/or checker of a channel',
    body: CheckerMakerUpdateSchema,
    response: CheckerMakerUserSchema,
    errors: [400, 403, 404],
  }),
  removeCheckerMaker: defineOperation({
    method: 'DELETE',
    path: '/api/checker-maker',
    access: access.right('USER_MANAGE'),
    tags,
    summary: 'Remove a user from the makers and checkers of a channel',
    query: CheckerMakerRemoveQuerySchema,
    response: z.object({ deleted: z.boolean() }),
    errors: [400, 403, 404],
  }),
};
