import type { CsExport } from '@sapa/contracts';
import { hasRole } from '../../../platform/actor.js';
import type { ExportProducer } from '../../../platform/exports/index.js';
import { CUSTOMER_CSV_COLUMNS, customerRecords } from '../../contacts/index.js';
import { CS_ADMINS, CS_SUPERVISORS } from '../inbox.access.js';
import { countRooms, listRoomRows, type RoomCursor } from '../rooms/rooms.repository.js';
import {
  HISTORY_CSV_COLUMNS,
  type HistoryQuery,
  historyFilters,
  historyRecord,
} from '../rooms/rooms.service.js';

export type InboxExportKind = CsExport['kind'];
export const INBOX_EXPORT_KINDS: readonly InboxExportKind[] = ['chatroomHistory', 'customers'];

const PAGE = 500;

/**
 * The inbox's kinds of export, built by the platform's export job. Supervisors and admins see everyone's
 * history exports, any other role only their own (an agent's holds only their rooms, another agent's
 * holds rooms they may not open); customer exports are for the client's admins.
 */
export function inboxExportProducers(): Record<InboxExportKind, ExportProducer> {
  return {
    chatroomHistory: {
      columns: HISTORY_CSV_COLUMNS,
      fileName: 'chatroom-history.csv',
      visibility: (actor) => (hasRole(actor, CS_SUPERVISORS) ? 'all' : 'own'),
      async *rows({ db, actor, request, setTotal }) {
        const query = request as HistoryQuery;
        const filters = await historyFilters(db, actor, query);
        const available = await countRooms(db, actor.clientId, filters);
        // pageSize -1 (or none) means every matching room.
        const limit = query.pageSize && query.pageSize > 0 ? Math.min(query.pageSize, available) : available;
        await setTotal(limit);
        let written = 0;
        let cursor: RoomCursor | null = null;
        while (written < limit) {
          const page = await listRoomRows(db, actor.clientId, filters, {
            pageSize: Math.min(PAGE, limit - written),
            offset: 0,
            cursor,
            direction: 'desc',
          });
          const rooms = page.slice(0, Math.min(PAGE, limit - written));
          if (rooms.length === 0) return;
          for (const room of rooms) yield historyRecord(room);
          written += rooms.length;
          const last = rooms.at(-1)!;
          cursor = { createdAt: last.createdAt, id: last.id };
        }
      },
    },
    customers: {
      columns: CUSTOMER_CSV_COLUMNS,
      fileName: 'customers.csv',
      visibility: (actor) =>
        !hasRole(actor, CS_ADMINS) ? 'none' : hasRole(actor, CS_SUPERVISORS) ? 'all' : 'own',
      rows: ({ db, actor }) => customerRecords(db, actor.clientId),
    },
  };
}
