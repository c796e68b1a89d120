export type { PublishInput, Realtime, RealtimeAudience, RealtimePayload } from './realtime.types.js';
export {
  audienceMatches,
  createRealtime,
  REALTIME_PRUNE_JOB,
  type RealtimeServer,
} from './realtime-server.js';
