import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { tagExists, tagNotFound } from '../contacts.errors.js';
import { deleteTagRow, insertTags, listTagRows, updateTag } from './tags.repository.js';
import type { CsTagRow } from './tags.tables.js';

export function toTag(row: CsTagRow) {
  return { id: row.id, name: row.name, description: row.description, createdAt: row.createdAt.toISOString() };
}

export async function listTags(
  db: Executor,
  actor: Actor,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined; search?: string | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = query.pageNumber ?? 1;
  const { rows, total } = await listTagRows(db, actor.clientId, {
    search: query.search,
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { items: rows.map(toTag), total, pageNumber, pageSize };
}

export async function createTag(
  db: Executor,
  actor: Actor,
  input: { name: string; description?: string | null | undefined },
) {
  const [row] = await insertTags(db, actor.clientId, [
    {
      id: newId(),
      name: input.name.trim(),
      description: input.description ?? null,
    },
  ]);
  if (!row) throw tagExists();
  return toTag(row);
}

export async function renameTag(
  db: Executor,
  actor: Actor,
  input: { id: string; name?: string | undefined; description?: string | null | undefined },
) {
  const row = isId(input.id)
    ? await updateTag(db, actor.clientId, input.id, input).catch((error: unknown) => {
        if (
          String(
            (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
          ) === '23505'
        )
          throw tagExists();
        throw error;
      })
    : null;
  if (!row) throw tagNotFound();
  return toTag(row);
}

/** Adds many tags at once; names already present are skipped and reported. */
export async function insertTagList(db: Executor, actor: Actor, names: string[]) {
  const unique = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  const inserted = await insertTags(
    db,
    actor.clientId,
    unique.map((name) => ({ id: newId(), name })),
  );
  const added = new Set(inserted.map((row) => row.name));
  return { inserted: inserted.map(toTag), skipped: unique.filter((name) => !added.has(name)) };
}

/**
 * Takes a tag off the tag list. Customers and agents keep the name they already carry: their tags are
 * plain text, and removing a suggestion must not silently rewrite who is routed where.
 */
export async function deleteTag(db: Executor, actor: Actor, id: string) {
  const row = isId(id) ? await deleteTagRow(db, actor.clientId, id) : null;
  if (!row) throw tagNotFound();
  return toTag(row);
}
