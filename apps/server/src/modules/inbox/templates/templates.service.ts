import { CHAT_TEMPLATE_ROLES } from '@sapa/contracts';
import { isId, newId } from '../../../lib/ids.js';
import type { Executor } from '../../../platform/database.js';
import { AppError } from '../../../platform/errors.js';
import type { SessionContext } from '../../../platform/request-context.js';
import { templateNotFound } from '../inbox.errors.js';
import {
  deleteTemplates,
  findTemplate,
  insertTemplate,
  listTemplateRows,
  setTemplatesActive,
  updateTemplate,
} from './templates.repository.js';
import type { CsChatTemplateRow } from './templates.tables.js';

const templateExists = () =>
  new AppError(409, 'template_exists', 'A chat template with this name already exists');

export function toTemplate(row: CsChatTemplateRow) {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    shortcut: row.shortcut,
    isClosingRemark: row.isClosingRemark,
    active: row.active,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(
  db: Executor,
  session: SessionContext,
  query: {
    pageNumber?: number | undefined;
    pageSize?: number | undefined;
    search?: string | undefined;
    isClosingRemark?: boolean | undefined;
  },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = Math.max(query.pageNumber ?? 1, 1);
  const { rows, total } = await listTemplateRows(db, session.clientId, {
    search: query.search,
    isClosingRemark: query.isClosingRemark,
    // Agents pick from active templates; editors manage them all.
    activeOnly: !CHAT_TEMPLATE_ROLES.includes(session.role),
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { items: rows.map(toTemplate), total, pageNumber, pageSize };
}

export type TemplateInput = {
  id?: string | undefined;
  name: string;
  content: string;
  shortcut?: string | null | undefined;
  isClosingRemark?: boolean | undefined;
  active?: boolean | undefined;
};

/** PUT creates a template, or updates the one named by `id`. */
export async function saveTemplate(db: Executor, session: SessionContext, input: TemplateInput) {
  const values = {
    name: input.name.trim(),
    content: input.content,
    shortcut: input.shortcut ?? null,
    isClosingRemark: input.isClosingRemark ?? false,
    ...(input.active !== undefined ? { active: input.active } : {}),
  };
  if (input.id) {
    const row = isId(input.id)
      ? await updateTemplate(db, session.clientId, input.id, values).catch((error: unknown) => {
          if (
            (error as { cause?: { code?: string }; code?: string }).cause?.code === '23505' ||
            (error as { code?: string }).code === '23505'
          )
            throw templateExists();
          throw error;
        })
      : null;
    if (!row) throw templateNotFound();
    return toTemplate(row);
  }
  const row = await insertTemplate(db, {
    clientId: session.clientId,
    id: newId(),
    createdBy: session.email,
    ...values,
  });
  if (!row) throw templateExists();
  return toTemplate(row);
}

export async function deleteTemplate(db: Executor, session: SessionContext, id: string) {
  const row = isId(id) ? await findTemplate(db, session.clientId, id) : null;
  if (!row) throw templateNotFound();
  await deleteTemplates(db, session.clientId, [id]);
  return { deleted: 1 };
}

/** Bulk actions on templates: activate, deactivate or delete several at once. */
export async function applyTemplateAction(
  db: Executor,
  session: SessionContext,
  input: { action: 'activate' | 'deactivate' | 'delete'; ids: string[] },
) {
  const ids = input.ids.filter(isId);
  const affected =
    input.action === 'delete'
      ? await deleteTemplates(db, session.clientId, ids)
      : await setTemplatesActive(db, session.clientId, ids, input.action === 'activate');
  return { action: input.action, affected };
}
