export { findAgentStatus, renameAgentsOfUser } from './agents/agents.service.js';
export { analyticsJobs } from './analytics/analytics.jobs.js';
export { type BotDeps, botJobs } from './bots/index.js';
export { createCustomerAccess } from './customer-access.js';
export { inboxExportProducers } from './exports/exports.service.js';
export { type GroupSyncDeps, groupJobs } from './groups/groups.sync.js';
export type { InboxDeps } from './inbox.deps.js';
export { inboxJobs } from './inbox.jobs.js';
export { inboxRoutes } from './inbox.routes.js';
export { seedInboxDemo } from './inbox.seed.js';
export { createInboxPort } from './inbox-port.js';
export {
  createPresence,
  type Presence,
  type PresenceOptions,
  type SocketOwner,
} from './presence/presence.service.js';
export { AUTO_CLOSE_JOB, autoCloseIdleRooms } from './rooms/auto-close.js';
export type { RoomListPage } from './rooms/room.view.js';
export { createRoomListCache, ROOM_CHANGES_CHANNEL } from './rooms/room-list-cache.js';
