import type { Ticket } from '@sapa/contracts';
import type { Executor } from '../../../platform/database.js';
import { listUserIdsWithRoles } from '../../identity/index.js';
import type { InboxDeps } from '../inbox.deps.js';
import { publishInboxEvent } from '../inbox.events.js';

/**
 * A ticket's change, live: to its assignee (and the one it was taken from), the supervisors, and the
 * client's super admins (whose ticket screens these are). Nobody of another client.
 */
export async function publishTicketUpdated(
  deps: Pick<InboxDeps, 'realtime'>,
  db: Executor,
  clientId: string,
  ticket: Ticket,
  previousAssignee: string | null = null,
) {
  if (!deps.realtime) return;
  const csIds = [
    ...new Set([ticket.assigneeCsId, previousAssignee].filter((id): id is string => Boolean(id))),
  ];
  await publishInboxEvent(deps, db, {
    clientId,
    typeNotif: 'TICKET_UPDATED',
    audience: { csIds, chatRoles: ['SPV'], userIds: await listUserIdsWithRoles(db, clientId, ['SAD']) },
    data: { ticketId: ticket.id, roomId: ticket.roomId, ticket },
  });
}
