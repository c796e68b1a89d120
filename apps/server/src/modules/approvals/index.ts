export { approvalsRoutes } from './approvals.routes.js';
export {
  type AppliedChange,
  type ApprovalHandler,
  ApprovalRegistry,
  proposeChange,
} from './approvals.service.js';
export type { ApprovalTaskRow } from './approvals.tables.js';
export type { UserDirectory } from './checker-maker.service.js';
