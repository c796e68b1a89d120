import type { ChatGroupDetail } from '@sapa/contracts';
import type { Executor } from '../../../platform/database.js';
import type { RealtimeAudience } from '../../../platform/realtime/realtime.types.js';
import { listUserIdsWithRoles } from '../../identity/index.js';
import type { InboxDeps } from '../inbox.deps.js';
import { type InboxEvent, publishInboxEvents } from '../inbox.events.js';

/** Chat groups are the super admin's (spec §6): the client's active super admins hear their events. */
export async function groupAudience(db: Executor, clientId: string): Promise<RealtimeAudience> {
  return { userIds: await listUserIdsWithRoles(db, clientId, ['SAD']) };
}

/** Publishes a group's new state (with the transaction when given: delivered after commit). */
export async function publishGroupUpdated(
  deps: Pick<InboxDeps, 'realtime'>,
  db: Executor,
  clientId: string,
  group: ChatGroupDetail,
  extra: InboxEvent[] = [],
) {
  if (!deps.realtime) return;
  const audience = await groupAudience(db, clientId);
  await publishInboxEvents(deps, db, clientId, [
    ...extra.map((event) => ({ ...event, audience })),
    { typeNotif: 'GROUP_UPDATED', audience, data: { groupId: group.id, group } },
  ]);
}
