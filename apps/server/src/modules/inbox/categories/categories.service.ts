import { isId, newId } from '../../../lib/ids.js';
import type { Actor } from '../../../platform/actor.js';
import type { Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import { categoryNotFound } from '../inbox.errors.js';
import { deleteCategory, insertCategory, listCategories, updateCategory } from '../rooms/rooms.repository.js';

const categoryExists = () =>
  new AppError(409, 'category_exists', 'A room category with this name already exists');
const toCategory = (row: { id: string; name: string; createdAt: Date }) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
});

export async function listRoomCategories(db: Executor, actor: Actor) {
  return { items: (await listCategories(db, actor.clientId)).map(toCategory) };
}

export async function createRoomCategory(db: Executor, actor: Actor, name: string) {
  const row = await insertCategory(db, { clientId: actor.clientId, id: newId(), name: name.trim() });
  if (!row) throw categoryExists();
  return toCategory(row);
}

export async function renameRoomCategory(db: Executor, actor: Actor, id: string, name: string) {
  const row = isId(id)
    ? await updateCategory(db, actor.clientId, id, name.trim()).catch((error: unknown) => {
        const code =
          (error as { cause?: { code?: string }; code?: string }).cause?.code ??
          (error as { code?: string }).code;
        if (code === '23505') throw categoryExists();
        throw error;
      })
    : null;
  if (!row) throw categoryNotFound();
  return toCategory(row);
}

/** Rooms keep the category name they were given: history stays readable after a delete. */
export async function deleteRoomCategory(db: Executor, actor: Actor, id: string) {
  if (!isId(id) || !(await deleteCategory(db, actor.clientId, id))) throw categoryNotFound();
  return { deleted: 1 };
}
