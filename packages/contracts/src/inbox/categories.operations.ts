import { z } from 'zod';
import { defineOperation } from '../operations/define-operation.js';
import { RoomCategoryListSchema, RoomCategoryNameSchema, RoomCategorySchema } from './cs-admin.schemas.js';
import { inboxAccess, INBOX_TAGS as tags } from './inbox.access.js';

const errors = [400, 403, 404, 409] as const;

/** Room categories (config screen roomCategory); agents pick one before closing when mandatory. */
export const categoriesOperations = {
  listCategories: defineOperation({
    method: 'GET',
    path: '/api/cs/roomCategory',
    access: inboxAccess.inbox,
    tags,
    summary: 'Room categories',
    response: RoomCategoryListSchema,
  }),
  createCategory: defineOperation({
    method: 'POST',
    path: '/api/cs/roomCategory',
    access: inboxAccess.admins,
    tags,
    summary: 'Add a room category',
    body: z.object({ name: RoomCategoryNameSchema }),
    response: RoomCategorySchema,
    status: 201,
    errors,
  }),
  renameCategory: defineOperation({
    method: 'PUT',
    path: '/api/cs/roomCategory',
    access: inboxAccess.admins,
    tags,
    summary: 'Rename a room category',
    body: z.object({ id: z.string(), name: RoomCategoryNameSchema }),
    response: RoomCategorySchema,
    errors,
  }),
  deleteCategory: defineOperation({
    method: 'DELETE',
    path: '/api/cs/roomCategory',
    access: inboxAccess.admins,
    tags,
    summary: 'Delete a room category',
    query: z.object({ id: z.string() }),
    response: z.object({ deleted: z.number() }),
    errors,
  }),
};
