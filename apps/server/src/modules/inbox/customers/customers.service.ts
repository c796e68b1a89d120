import { parse } from 'csv-parse/sync';
import { decodeCursor, encodeCursor } from '../../../lib/cursor.js';
import { isId, newId } from '../../../lib/ids.js';
import { writeCsv } from '../../../platform/csv.js';
import type { Executor } from '../../../platform/database.js';
import type { SessionContext } from '../../../platform/request-context.js';
import { findAgent } from '../agents/agents.repository.js';
import { getCsConfig } from '../configuration/configuration.service.js';
import {
  agentNotFound,
  customerNotFound,
  invalidCursor,
  invalidPhoneNumber,
  tagExists,
  tagNotFound,
  userDataNotEditable,
} from '../inbox.errors.js';
import { assertCustomerReachable, confinedAgentId, isSupervisor } from '../rooms/rooms.service.js';
import {
  deleteCustomers,
  deleteTagRow,
  findCustomerByPhone,
  insertTags,
  listCustomerRows,
  listCustomerTags,
  listTagRows,
  updateCustomer,
  updateTag,
  upsertCustomer,
} from './customers.repository.js';
import type { CsCustomerRow, CsTagRow } from './customers.tables.js';
import { isPhoneNumber, normalizePhoneNumber } from './phone-number.js';

export function toCustomer(row: CsCustomerRow) {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    name: row.name,
    tags: row.tags,
    userData: row.userData,
    mediaPlatform: row.mediaPlatform,
    imgProfileUrl: row.imgProfileUrl,
    csId: row.csId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tags arrive as an array, a comma-separated string, or '' for none (spec §5). */
export function parseTags(value: string | string[] | null | undefined): string[] {
  const list = Array.isArray(value) ? value : (value ?? '').split(',');
  return [...new Set(list.map((tag) => tag.trim()).filter(Boolean))];
}

function afterIdFrom(lastEvaluatedKey: string | undefined) {
  if (!lastEvaluatedKey) return undefined;
  const id = decodeCursor(lastEvaluatedKey)?.id;
  if (typeof id !== 'string' || !isId(id)) throw invalidCursor();
  return id;
}

export async function searchCustomers(
  db: Executor,
  session: SessionContext,
  query: {
    q?: string | undefined;
    isPhoneNumber?: boolean | undefined;
    pageSize?: number | undefined;
    lastEvaluatedKey?: string | undefined;
    tags?: string[] | undefined;
    csId?: string | undefined;
  },
) {
  const pageSize = query.pageSize ?? 10;
  const rows = await listCustomerRows(db, session.clientId, {
    q: query.q,
    isPhoneNumber: query.isPhoneNumber,
    pageSize,
    afterId: afterIdFrom(query.lastEvaluatedKey),
    tags: query.tags,
    csId: query.csId,
  });
  const page = rows.slice(0, pageSize);
  return {
    items: page.map(toCustomer),
    lastEvaluatedKey: rows.length > pageSize ? encodeCursor({ id: page.at(-1)!.id }) : null,
  };
}

export async function getCustomerByPhone(db: Executor, session: SessionContext, phoneNumber: string) {
  const phone = normalizePhoneNumber(phoneNumber);
  await assertCustomerReachable(db, session, phone);
  const row = await findCustomerByPhone(db, session.clientId, phone);
  if (!row) throw customerNotFound();
  return toCustomer(row);
}

export type CustomerInput = {
  phoneNumber: string;
  name?: string | null | undefined;
  mediaPlatform?: string | undefined;
  tags?: string | string[] | undefined;
  userData?: Record<string, unknown> | undefined;
  removeTag?: string | string[] | undefined;
};

/** Creates or updates a customer by phone number; `tags` are added, `removeTag` taken away. */
export async function saveCustomer(db: Executor, session: SessionContext, input: CustomerInput) {
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  if (!isPhoneNumber(phoneNumber)) throw invalidPhoneNumber();
  // An agent edits only the customer of a room they may open, from the chat panel.
  if (confinedAgentId(session)) await assertCustomerReachable(db, session, phoneNumber);
  // Agents change only the data fields the client's configuration lets them edit (userDataEditable).
  if (input.userData && !isSupervisor(session)) {
    const editable = new Set((await getCsConfig(db, session.clientId)).userDataEditable);
    const refused = Object.keys(input.userData).filter((key) => !editable.has(key));
    if (refused.length > 0) throw userDataNotEditable(refused);
  }
  const existing = await findCustomerByPhone(db, session.clientId, phoneNumber);
  const remove = new Set(parseTags(input.removeTag));
  const tags = [...new Set([...(existing?.tags ?? []), ...parseTags(input.tags)])].filter(
    (tag) => !remove.has(tag),
  );
  const values = {
    tags,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.mediaPlatform ? { mediaPlatform: input.mediaPlatform } : {}),
    ...(input.userData ? { userData: { ...(existing?.userData ?? {}), ...input.userData } } : {}),
  };
  const row = await upsertCustomer(
    db,
    { clientId: session.clientId, id: newId(), phoneNumber, ...values },
    values,
  );
  return toCustomer(row);
}

/** Sets a customer's picture, or the agent who serves them (null clears it). */
export async function updateCustomerProfile(
  db: Executor,
  session: SessionContext,
  input: { phoneNumber: string; imgProfileUrl?: string | undefined; csId?: string | null | undefined },
) {
  if (input.csId) {
    const agent = isId(input.csId) ? await findAgent(db, session.clientId, { csId: input.csId }) : null;
    if (!agent || agent.deleted || agent.kind !== 'cs') throw agentNotFound();
  }
  const row = await updateCustomer(db, session.clientId, normalizePhoneNumber(input.phoneNumber), {
    ...(input.imgProfileUrl !== undefined ? { imgProfileUrl: input.imgProfileUrl } : {}),
    ...(input.csId !== undefined ? { csId: input.csId } : {}),
  });
  if (!row) throw customerNotFound();
  return toCustomer(row);
}

export async function listTagsOfCustomers(db: Executor, session: SessionContext) {
  return { tags: await listCustomerTags(db, session.clientId) };
}

async function allCustomers(db: Executor, clientId: string) {
  const rows: CsCustomerRow[] = [];
  let afterId: string | undefined;
  for (;;) {
    const page = await listCustomerRows(db, clientId, { afterId, pageSize: 1000 });
    rows.push(...page.slice(0, 1000));
    if (page.length <= 1000) return rows;
    afterId = page[999]!.id;
  }
}

const CUSTOMER_CSV_COLUMNS = [
  'phoneNumber',
  'name',
  'tags',
  'mediaPlatform',
  'csId',
  'userData',
  'createdAt',
];

export async function exportCustomersCsv(db: Executor, session: SessionContext) {
  const rows = await allCustomers(db, session.clientId);
  return writeCsv(
    rows.map((row) => ({
      phoneNumber: row.phoneNumber,
      name: row.name ?? '',
      tags: row.tags.join('|'),
      mediaPlatform: row.mediaPlatform,
      csId: row.csId ?? '',
      userData: JSON.stringify(row.userData),
      createdAt: row.createdAt.toISOString(),
    })),
    CUSTOMER_CSV_COLUMNS,
  );
}

export type RowReport = {
  total: number;
  succeeded: number;
  failed: number;
  rows: { row: number; phoneNumber: string | null; ok: boolean; error: string | null }[];
};

function readCsv(file: Buffer): Record<string, string>[] {
  return parse(file, { columns: true, skip_empty_lines: true, trim: true, bom: true });
}

/** Creates or updates customers from a CSV (phoneNumber, name, tags separated by '|', mediaPlatform). */
export async function importCustomers(
  db: Executor,
  session: SessionContext,
  file: Buffer,
): Promise<RowReport> {
  const records = readCsv(file);
  const report: RowReport = { total: records.length, succeeded: 0, failed: 0, rows: [] };
  for (const [index, record] of records.entries()) {
    const phoneNumber = normalizePhoneNumber(record.phoneNumber ?? '');
    let error: string | null = null;
    if (!isPhoneNumber(phoneNumber)) error = 'phoneNumber is not a valid phone number';
    else {
      await saveCustomer(db, session, {
        phoneNumber,
        name: record.name || undefined,
        mediaPlatform: record.mediaPlatform || undefined,
        tags: (record.tags ?? '').split('|'),
      });
    }
    report.rows.push({ row: index + 2, phoneNumber: phoneNumber || null, ok: !error, error });
    if (error) report.failed++;
    else report.succeeded++;
  }
  return report;
}

/** Deletes the customers listed in a CSV's phoneNumber column; unknown numbers are reported. */
export async function deleteCustomersFromFile(db: Executor, session: SessionContext, file: Buffer) {
  const records = readCsv(file);
  const phones = records.map((record) => normalizePhoneNumber(record.phoneNumber ?? ''));
  const deleted = new Set(await deleteCustomers(db, session.clientId, phones.filter(isPhoneNumber)));
  const report: RowReport = { total: records.length, succeeded: 0, failed: 0, rows: [] };
  for (const [index, phoneNumber] of phones.entries()) {
    const error = !isPhoneNumber(phoneNumber)
      ? 'phoneNumber is not a valid phone number'
      : deleted.has(phoneNumber)
        ? null
        : 'customer not found';
    report.rows.push({ row: index + 2, phoneNumber: phoneNumber || null, ok: !error, error });
    if (error) report.failed++;
    else report.succeeded++;
  }
  return report;
}

export function toTag(row: CsTagRow) {
  return { id: row.id, name: row.name, description: row.description, createdAt: row.createdAt.toISOString() };
}

export async function listTags(
  db: Executor,
  session: SessionContext,
  query: { pageNumber?: number | undefined; pageSize?: number | undefined; search?: string | undefined },
) {
  const pageSize = query.pageSize ?? 10;
  const pageNumber = query.pageNumber ?? 1;
  const { rows, total } = await listTagRows(db, session.clientId, {
    search: query.search,
    pageSize,
    offset: (pageNumber - 1) * pageSize,
  });
  return { items: rows.map(toTag), total, pageNumber, pageSize };
}

export async function createTag(
  db: Executor,
  session: SessionContext,
  input: { name: string; description?: string | null | undefined },
) {
  const [row] = await insertTags(db, [
    {
      clientId: session.clientId,
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
  session: SessionContext,
  input: { id: string; name?: string | undefined; description?: string | null | undefined },
) {
  const row = isId(input.id)
    ? await updateTag(db, session.clientId, input.id, input).catch((error: unknown) => {
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
export async function insertTagList(db: Executor, session: SessionContext, names: string[]) {
  const unique = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  const inserted = await insertTags(
    db,
    unique.map((name) => ({ clientId: session.clientId, id: newId(), name })),
  );
  const added = new Set(inserted.map((row) => row.name));
  return { inserted: inserted.map(toTag), skipped: unique.filter((name) => !added.has(name)) };
}

/**
 * Takes a tag off the tag list. Customers and agents keep the name they already carry: their tags are
 * plain text, and removing a suggestion must not silently rewrite who is routed where.
 */
export async function deleteTag(db: Executor, session: SessionContext, id: string) {
  const row = isId(id) ? await deleteTagRow(db, session.clientId, id) : null;
  if (!row) throw tagNotFound();
  return toTag(row);
}
