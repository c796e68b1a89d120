import type { Database } from '../../platform/database.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Realtime } from '../../platform/realtime/realtime.types.js';
import type { ChannelSender } from '../channels/channel.ports.js';

/**
 * What the inbox needs from outside. `realtime` and `channelSender` are built by other modules and
 * always given by the app; work that never publishes or sends (the demo seed, some tests) leaves them out.
 */
export type InboxDeps = {
  db: Database;
  realtime?: Realtime | undefined;
  channelSender?: ChannelSender | undefined;
  jobs?: Jobs | undefined;
};
