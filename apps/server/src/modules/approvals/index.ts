export { approvalsRoutes } from './approvals.routes.js';
export {
  type AppliedChange,
  type ApprovalHandler,
  ApprovalRegistry,
  proposeChange,
} from './approvals.service.js';
export type { ApprovalTaskRow } from './approvals.tables.js';
// Who makes and checks a channel's changes, for modules whose access follows it (campaigns).
export { findCheckerMakerUser, listChannelAssignments } from './checker-maker.repository.js';
export type { UserDirectory } from './checker-maker.service.js';
