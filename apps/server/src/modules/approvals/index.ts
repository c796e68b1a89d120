export { approvalsRoutes } from './approvals.routes.js';
export {
  type AppliedChange,
  type ApprovalHandler,
  ApprovalRegistry,
  proposeChange,
} from './approvals.service.js';
export { type ApprovalTaskRow, approvalTasks } from './approvals.tables.js';
