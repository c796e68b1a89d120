import { decodeCursor, encodeCursor } from '../../../lib/cursor.js';
import { isId } from '../../../lib/ids.js';
import { invalidCursor } from '../inbox.errors.js';
import type { MessageCursor } from './chat.repository.js';

/** A message list's `lastEvaluatedKey` read back; a key we did not hand out answers 400. */
export function readMessageCursor(lastEvaluatedKey: string | undefined): MessageCursor | null {
  if (!lastEvaluatedKey) return null;
  const parts = decodeCursor(lastEvaluatedKey);
  const createdAt = typeof parts?.createdAt === 'string' ? new Date(parts.createdAt) : null;
  if (!createdAt || Number.isNaN(createdAt.getTime()) || typeof parts?.id !== 'string' || !isId(parts.id)) {
    throw invalidCursor();
  }
  return { createdAt, id: parts.id };
}

/** The page of `pageSize` messages out of rows read one beyond it, with the key of the next page. */
export function messagePage<Row extends { createdAt: Date; id: string }, Item>(
  rows: Row[],
  pageSize: number,
  view: (row: Row) => Item,
) {
  const items = rows.slice(0, pageSize);
  const last = items.at(-1);
  return {
    items: items.map(view),
    lastEvaluatedKey:
      rows.length > pageSize && last
        ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id })
        : null,
  };
}
