import { createHash, randomBytes } from 'node:crypto';
import { pipeline, type Readable } from 'node:stream';
import {
  type AdminClient,
  ClientAdminSchema,
  type ClientBatchResult,
  type ClientFields,
  ClientFieldsSchema,
  type ClientInfo,
  type CreateClientRequest,
  CreateClientRequestSchema,
  featureFlagsFromMask,
  featureMaskFromFlags,
  type RoleCode,
  type User,
  type ValidationAnswer,
} from '@sapa/contracts';
import { CsvError, parse } from 'csv-parse';
import { isId, newId } from '../../lib/ids.js';
import { type CountryCode, phoneCountryOf } from '../../lib/phone.js';
import { type Actor, homeClientOf, isSuperAdmin, requirePrincipal } from '../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../platform/audit/index.js';
import type { Database, Executor } from '../../platform/database.js';
import { AppError, notFound } from '../../platform/errors.js';
import { isUnsafeText } from '../../platform/text-guard.js';
import {
  findActiveApiSecret,
  findClient,
  insertApiSecret,
  insertClient,
  revokeApiSecrets,
  unsafeFindApiSecretByHash,
  unsafeListAllClientIds,
  unsafeListAllClients,
  unsafeListClientsPage,
  updateClientRow,
} from './clients.repository.js';
import type { ClientRow } from './clients.tables.js';

export function toClientInfo(row: ClientRow): ClientInfo {
  return {
    clientId: row.id,
    clientName: row.clientName,
    abbreviatedClientName: row.abbreviatedClientName,
    clientBizType: row.clientBizType,
    clientAddress: row.clientAddress,
    clientPhoneNumber: row.clientPhoneNumber,
    clientMobileNumber: row.clientMobileNumber,
    timezone: row.timezone,
    countryCode: row.countryCode,
    countryPhone: row.countryPhone,
    logTypes: row.logTypes,
    chatbotDashboard: row.chatbotDashboard,
    mainFeature: row.mainFeature,
    features: featureFlagsFromMask(row.features),
    status: row.status,
  };
}

export const clientNotFound = () => notFound('client_not_found', 'Client not found');

export async function getClient(db: Executor, clientId: string): Promise<ClientRow> {
  // A client id arrives from users too (a super admin's switch): a non-UUID names no client.
  const row = isId(clientId) ? await findClient(db, clientId) : null;
  if (!row) throw clientNotFound();
  return row;
}

/**
 * The country a client's national numbers belong to (its `countryCode`, spec §9 default ID): how a
 * "0812…" written by its people or in its files is read. An unknown client reads as the default.
 */
export async function clientPhoneCountry(db: Executor, clientId: string): Promise<CountryCode> {
  return phoneCountryOf(isId(clientId) ? (await findClient(db, clientId))?.countryCode : null);
}

/** The clients a user may act for: every client for a super admin, else their own. */
export async function listAccessibleClientIds(db: Executor, role: RoleCode, homeClientId: string) {
  return role === 'SAD' ? unsafeListAllClientIds(db) : [homeClientId];
}

/** The caller's client, and the list of client infos (all of them only for SAD, spec §6). */
export async function getListClientInfo(db: Executor, actor: Actor) {
  const current = await getClient(db, actor.clientId);
  const list = isSuperAdmin(actor) ? await unsafeListAllClients(db) : [current];
  return { clientInfo: toClientInfo(current), listClientInfo: list.map(toClientInfo) };
}

/** One client's info; any client but the caller's own answers 404 unless the caller is SAD. */
export async function getClientInfo(db: Executor, actor: Actor, clientId: string): Promise<AdminClient> {
  if (!isSuperAdmin(actor) && clientId !== actor.clientId) throw clientNotFound();
  return toAdminClient(await getClient(db, clientId));
}

export function toAdminClient(row: ClientRow): AdminClient {
  return {
    ...toClientInfo(row),
    approvalRequired: row.approvalRequired,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The identity module creates the first admin; handed in by the app so the modules do not import in a circle. */
export type FirstAdminCreator = (
  tx: Executor,
  caller: AuditActor,
  clientId: string,
  admin: { adminName: string; adminEmail: string },
) => Promise<{ user: User; temporaryPassword: string }>;

export const mainFeatureNotChosen = () =>
  new AppError(400, 'main_feature_not_chosen', 'The main feature must be one of the chosen features.');
export const ownClientStaysActive = () =>
  new AppError(409, 'own_client_stays_active', 'You cannot deactivate the client you belong to.');

/** Client fields as stored: flags become the bitmask, log types the JSON text of spec §3. */
function columnsOf(fields: ClientFields) {
  if (fields.mainFeature && !fields.features.includes(fields.mainFeature)) throw mainFeatureNotChosen();
  return {
    clientName: fields.clientName,
    abbreviatedClientName: fields.abbreviatedClientName ?? null,
    clientBizType: fields.clientBizType,
    clientAddress: fields.clientAddress ?? null,
    clientPhoneNumber: fields.clientPhoneNumber ?? null,
    clientMobileNumber: fields.clientMobileNumber ?? null,
    timezone: fields.timezone,
    countryCode: fields.countryCode,
    countryPhone: fields.countryPhone,
    logTypes: JSON.stringify([...new Set(fields.logTypes)]),
    chatbotDashboard: fields.chatbotDashboard,
    features: featureMaskFromFlags(fields.features),
    mainFeature: fields.mainFeature ?? null,
    approvalRequired: fields.approvalRequired,
  };
}

/** What the audit trail keeps of a client. */
const auditedClient = (row: ClientRow) => {
  const { createdAt: _created, updatedAt: _updated, ...rest } = row;
  return { ...rest, features: featureFlagsFromMask(row.features) };
};

export async function listClients(
  db: Executor,
  query: {
    q?: string | undefined;
    status?: 'active' | 'deactivated' | undefined;
    pageSize: number;
    pageNumber: number;
  },
) {
  const { items, total } = await unsafeListClientsPage(db, query, query);
  return { pageSize: query.pageSize, pageNumber: query.pageNumber, total, items: items.map(toAdminClient) };
}

/** Creates a client and, when asked, its first admin (role ADC), in one transaction. */
export async function createClientWithAdmin(
  tx: Executor,
  caller: AuditActor,
  body: CreateClientRequest,
  createFirstAdmin: FirstAdminCreator,
) {
  const row = await insertClient(tx, { id: newId(), ...columnsOf(body) });
  await recordAudit(tx, caller, {
    clientId: row.id,
    action: 'client.create',
    entityType: 'client',
    entityId: row.id,
    after: auditedClient(row),
  });
  const admin = body.admin ? await createFirstAdmin(tx, caller, row.id, body.admin) : null;
  return { client: toAdminClient(row), admin };
}

export async function createClient(
  db: Database,
  caller: AuditActor,
  body: CreateClientRequest,
  createFirstAdmin: FirstAdminCreator,
) {
  columnsOf(body);
  return db.transaction((tx) => createClientWithAdmin(tx, caller, body, createFirstAdmin));
}

export async function updateClient(db: Database, caller: AuditActor, clientId: string, body: ClientFields) {
  const columns = columnsOf(body);
  return db.transaction(async (tx) => {
    const before = await findClient(tx, clientId);
    if (!before) throw clientNotFound();
    const after = await updateClientRow(tx, clientId, columns);
    if (!after) throw clientNotFound();
    await recordAudit(tx, caller, {
      clientId,
      action: 'client.update',
      entityType: 'client',
      entityId: clientId,
      before: auditedClient(before),
      after: auditedClient(after),
    });
    return toAdminClient(after);
  });
}

/** A deactivated client's users can no longer log in, and their live sessions stop at their next request. */
export async function setClientStatus(
  db: Database,
  caller: AuditActor,
  clientId: string,
  status: 'active' | 'deactivated',
) {
  if (status === 'deactivated' && clientId === homeClientOf(caller.actor)) throw ownClientStaysActive();
  return db.transaction(async (tx) => {
    const before = await findClient(tx, clientId);
    if (!before) throw clientNotFound();
    if (before.status === status) return toAdminClient(before);
    const after = await updateClientRow(tx, clientId, { status });
    if (!after) throw clientNotFound();
    await recordAudit(tx, caller, {
      clientId,
      action: status === 'active' ? 'client.activate' : 'client.deactivate',
      entityType: 'client',
      entityId: clientId,
      before: { status: before.status },
      after: { status: after.status },
    });
    return toAdminClient(after);
  });
}

/** Columns of the client batch file, named as the API names the fields. */
export const CLIENT_BATCH_COLUMNS = [
  'clientName',
  'abbreviatedClientName',
  'clientBizType',
  'clientAddress',
  'clientPhoneNumber',
  'clientMobileNumber',
  'timezone',
  'countryCode',
  'countryPhone',
  'features',
  'mainFeature',
  'logTypes',
  'chatbotDashboard',
  'approvalRequired',
  'adminName',
  'adminEmail',
] as const;
const LIST_COLUMNS = new Set(['features', 'logTypes']);
const BOOLEAN_COLUMNS = new Set(['chatbotDashboard', 'approvalRequired']);
export const MAX_BATCH_ROWS = 500;

export const invalidBatchFile = (message: string) => new AppError(400, 'invalid_batch_file', message);

/** One CSV record as the create request: lists split on `|`, booleans from true/false/yes/no/1/0. */
function requestOfRecord(record: Record<string, string>) {
  const body: Record<string, unknown> = {};
  for (const [column, raw] of Object.entries(record)) {
    const value = raw.trim();
    if (value === '' || column === 'adminName' || column === 'adminEmail') continue;
    if (LIST_COLUMNS.has(column))
      body[column] = value
        .split('|')
        .map((part) => part.trim())
        .filter(Boolean);
    else if (BOOLEAN_COLUMNS.has(column))
      body[column] = /^(true|yes|1)$/i.test(value) ? true : /^(false|no|0)$/i.test(value) ? false : value;
    else body[column] = value;
  }
  const adminName = record.adminName?.trim();
  const adminEmail = record.adminEmail?.trim();
  if (adminName || adminEmail) body.admin = { adminName: adminName ?? '', adminEmail: adminEmail ?? '' };
  return body;
}

const FIELD_OF_ERROR: Record<string, string> = {
  email_taken: 'adminEmail',
  main_feature_not_chosen: 'mainFeature',
};

/**
 * Creates clients from a CSV file, streamed record by record. Each row is its own transaction: good
 * rows are created, bad rows are reported with every problem and its field, and one does not undo another.
 */
export async function importClients(
  db: Database,
  caller: AuditActor,
  file: Readable,
  createFirstAdmin: FirstAdminCreator,
): Promise<ClientBatchResult> {
  // `pipeline`, not `pipe`: an upload that breaks off fails the parser (and this import) instead of
  // raising an 'error' nobody listens to, which ends the process.
  const parser = pipeline(
    file,
    parse({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      info: true,
      max_record_size: 64 * 1024,
      columns: (header: string[]) => {
        const unknown = header.filter(
          (column) => !(CLIENT_BATCH_COLUMNS as readonly string[]).includes(column),
        );
        if (unknown.length > 0) {
          throw invalidBatchFile(
            `Unknown columns: ${unknown.join(', ')}. The columns are: ${CLIENT_BATCH_COLUMNS.join(', ')}.`,
          );
        }
        if (!header.includes('clientName')) throw invalidBatchFile('The file needs a clientName column.');
        return header;
      },
    }),
    // Failures surface through the parser, which the loop below reads.
    () => {},
  );
  const rows: ClientBatchResult['rows'] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      if (rows.length >= MAX_BATCH_ROWS) {
        throw invalidBatchFile(`A batch file has at most ${MAX_BATCH_ROWS} clients; split the file.`);
      }
      const base = {
        row: info.lines,
        clientName: record.clientName?.trim() || null,
        adminEmail: record.adminEmail?.trim() || null,
      };
      // A NUL byte is not text a person typed and the database refuses it (issue 11): the row fails.
      const unsafe = Object.keys(record).filter((column) => isUnsafeText(record[column] ?? ''));
      if (unsafe.length > 0) {
        rows.push({
          ...base,
          outcome: 'failed',
          clientId: null,
          temporaryPassword: null,
          errors: unsafe.map((field) => ({ field, message: 'Holds a NUL byte, which text may not contain' })),
        });
        continue;
      }
      const parsed = CreateClientRequestSchema.safeParse(requestOfRecord(record));
      if (!parsed.success) {
        rows.push({
          ...base,
          outcome: 'failed',
          clientId: null,
          temporaryPassword: null,
          errors: parsed.error.issues.map((issue) => ({
            field: issue.path.filter((part) => typeof part === 'string').at(-1) ?? 'row',
            message: issue.message,
          })),
        });
        continue;
      }
      try {
        const created = await db.transaction((tx) =>
          createClientWithAdmin(tx, caller, parsed.data, createFirstAdmin),
        );
        rows.push({
          ...base,
          outcome: 'created',
          clientId: created.client.clientId,
          temporaryPassword: created.admin?.temporaryPassword ?? null,
          errors: [],
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        rows.push({
          ...base,
          outcome: 'failed',
          clientId: null,
          temporaryPassword: null,
          errors: [{ field: FIELD_OF_ERROR[error.code] ?? 'row', message: error.message }],
        });
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof CsvError) throw invalidBatchFile(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (rows.length === 0) throw invalidBatchFile('The file has no client rows under its header.');
  const created = rows.filter((row) => row.outcome === 'created').length;
  return { created, failed: rows.length - created, rows };
}

/** The spec's server-side validation call for client id, admin name, admin email and business type. */
export async function validateClientFields(
  db: Executor,
  body: {
    clientId?: string | undefined;
    adminName?: string | undefined;
    adminEmail?: string | undefined;
    clientBizType?: string | undefined;
  },
  isEmailTaken: (db: Executor, email: string) => Promise<boolean>,
): Promise<ValidationAnswer> {
  const errors: { field: string; message: string }[] = [];
  if (body.clientId !== undefined && !(isId(body.clientId) && (await findClient(db, body.clientId)))) {
    errors.push({ field: 'clientId', message: 'Client not found' });
  }
  const checks = [
    ['adminName', ClientAdminSchema.shape.adminName, body.adminName],
    ['adminEmail', ClientAdminSchema.shape.adminEmail, body.adminEmail],
    ['clientBizType', ClientFieldsSchema.shape.clientBizType, body.clientBizType],
  ] as const;
  for (const [field, schema, value] of checks) {
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) errors.push({ field, message: parsed.error.issues[0]?.message ?? 'Not valid' });
    else if (field === 'adminEmail' && (await isEmailTaken(db, parsed.data))) {
      errors.push({ field, message: 'This email is already taken.' });
    }
  }
  return { valid: errors.length === 0, errors };
}

const hashApiSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Whether the caller's client has an API secret; the secret itself is never shown again. */
export async function getApiSecretStatus(db: Executor, actor: Actor) {
  const row = await findActiveApiSecret(db, actor.clientId);
  return {
    exists: row !== null,
    prefix: row?.prefix ?? null,
    createdAt: row?.createdAt.toISOString() ?? null,
  };
}

/**
 * A new API secret for the caller's client, answered once; the previous one stops working at once.
 * 32 random bytes, so a plain SHA-256 is enough to keep it (no password hashing needed). Only a person
 * rotates it: the secret records who made it.
 */
export async function rotateApiSecret(db: Database, caller: AuditActor) {
  const { clientId } = caller.actor;
  const { userId } = requirePrincipal(caller.actor);
  const apiSecret = `sapa_${randomBytes(32).toString('base64url')}`;
  const prefix = apiSecret.slice(0, 12);
  return db.transaction(async (tx) => {
    const before = await findActiveApiSecret(tx, clientId);
    await revokeApiSecrets(tx, clientId);
    const row = await insertApiSecret(tx, {
      clientId,
      id: newId(),
      secretHash: hashApiSecret(apiSecret),
      prefix,
      createdBy: userId,
    });
    await recordAudit(tx, caller, {
      clientId,
      action: 'client.api_secret_rotate',
      entityType: 'client',
      entityId: clientId,
      before: before ? { prefix: before.prefix } : null,
      after: { prefix },
    });
    return { apiSecret, prefix, createdAt: row.createdAt.toISOString() };
  });
}

/**
 * For the public API (/api/v1): the active client an API secret belongs to, with the key's id (its
 * prefix, which names it in logs and the audit trail without revealing it), or null.
 */
export async function unsafeFindClientByApiSecret(
  db: Executor,
  apiSecret: string,
): Promise<{ client: ClientRow; keyId: string } | null> {
  const row = await unsafeFindApiSecretByHash(db, hashApiSecret(apiSecret));
  if (!row) return null;
  const client = await findClient(db, row.clientId);
  return client?.status === 'active' ? { client, keyId: row.prefix } : null;
}
