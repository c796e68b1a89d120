import type { Database } from '../../platform/database.js';
import type { Exports } from '../../platform/exports/index.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail/index.js';
import type { Realtime } from '../../platform/realtime/realtime.types.js';
import type { Storage } from '../../platform/storage/index.js';
import type { Messaging } from '../messaging/index.js';
import type { RoomListPage } from './rooms/room.view.js';
import type { RoomListCache } from './rooms/room-list-cache.js';

/**
 * What the inbox needs from outside. `realtime` and `messaging` are built by other modules and
 * always given by the app; work that never publishes or sends (the demo seed, some tests) leaves them out.
 */
export type InboxDeps = {
  db: Database;
  realtime?: Realtime | undefined;
  /** Sends agents' messages (outbound ledger and send job) and answers the customer window. */
  messaging?: Messaging | undefined;
  jobs?: Jobs | undefined;
  /** Builds requested exports (history, customers) in a job. */
  exports?: Exports | undefined;
  /** Where agents' uploads (images sent to customers) are kept. */
  storage?: Storage | undefined;
  /** This server's address as the outside reaches it: a provider fetches a sent image from it. */
  publicUrl?: string | undefined;
  /** Seals the secrets the inbox keeps (the Metabase embedding key, bot providers’ signing secrets). */
  encryptionKey?: Buffer | undefined;
  /** Sends the email pulse digests. */
  mailer?: Mailer | undefined;
  /** The inbox's first pages kept while no live room changes (decision 0064); without it every list reads. */
  roomList?: RoomListCache<RoomListPage> | undefined;
};
