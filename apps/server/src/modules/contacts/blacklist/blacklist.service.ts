import { pipeline, Readable } from 'node:stream';
import {
  BLACKLIST_MEDIA_TYPES,
  type BlacklistEntry,
  type BlacklistMediaType,
  BlacklistMediaTypeSchema,
} from '@sapa/contracts';
import { type CountryCode, parsePhone } from '../../../lib/phone.js';
import { type Actor, actorLabel, allows, requireFeatureOpen } from '../../../platform/actor.js';
import { type AuditActor, recordAudit } from '../../../platform/audit/index.js';
import { csvStream, readCsvRecords } from '../../../platform/csv.js';
import type { Database, Executor } from '../../../platform/database.js';
import { AppError, notFound } from '../../../platform/errors.js';
import { isUnsafeText } from '../../../platform/text-guard.js';
import { readXlsxRows } from '../../../platform/xlsx.js';
import { clientPhoneCountry } from '../../clients/index.js';
import { invalidBlacklistChannel, invalidPhoneNumber } from '../contacts.errors.js';
import {
  deleteBlacklistEntry,
  insertBlacklistEntries,
  insertBlacklistEntry,
  listBlacklistAfter,
  listBlacklistedPhones,
  listBlacklistPage,
} from './blacklist.repository.js';
import type { BlacklistRow } from './blacklist.tables.js';

/** The channel name that blocks a number on every channel. */
export const ALL_CHANNELS = 'all';
const CHANNEL = /^[a-z][a-z0-9_-]{0,31}$/;

function checkedChannel(channel: string) {
  if (!CHANNEL.test(channel)) throw invalidBlacklistChannel();
  return channel;
}

/** The stored digits of a number someone asks to block or unblock: it must be a phone number. */
function checkedPhone(phone: string) {
  const parsed = parsePhone(phone);
  if (!parsed.ok) throw invalidPhoneNumber();
  return parsed.phone.digits;
}

export type BlacklistEntryInput = {
  phone: string;
  /** A channel name, or 'all' (the default) for every channel. */
  channel?: string | undefined;
  reason?: string | null | undefined;
  /** Who blocks it: a user's email, an API key's name, or a system process. */
  createdBy: string;
};

/** Blocks a number for one client; blocking it again changes nothing. Answers whether it was added. */
export async function addToBlacklist(db: Executor, clientId: string, input: BlacklistEntryInput) {
  const row = await insertBlacklistEntry(db, clientId, {
    phone: checkedPhone(input.phone),
    channel: checkedChannel(input.channel ?? ALL_CHANNELS),
    reason: input.reason ?? null,
    createdBy: input.createdBy,
  });
  return { added: row !== null };
}

/** Unblocks a number on one channel (or 'all'); answers whether an entry was there. */
export async function removeFromBlacklist(
  db: Executor,
  clientId: string,
  input: { phone: string; channel?: string | undefined },
) {
  const row = await deleteBlacklistEntry(
    db,
    clientId,
    checkedPhone(input.phone),
    checkedChannel(input.channel ?? ALL_CHANNELS),
  );
  return { removed: row !== null };
}

/**
 * Which of these numbers this client may not send to on this channel (an entry for the channel or for
 * 'all'), in one query for the whole batch. Answers the numbers as given; one that is not a phone
 * number (nor an email address) is never blocked here (the sender refuses it on its own).
 */
export async function isBlacklisted(
  db: Executor,
  clientId: string,
  channel: string,
  phones: string[],
): Promise<Set<string>> {
  const stored = new Map<string, string>();
  for (const phone of phones) {
    // An email address (the email channel's entries) is kept lower-cased.
    if (phone.includes('@')) {
      stored.set(phone, phone.trim().toLowerCase());
      continue;
    }
    const parsed = parsePhone(phone);
    if (parsed.ok) stored.set(phone, parsed.phone.digits);
  }
  const channels = [...new Set([checkedChannel(channel), ALL_CHANNELS])];
  const blocked = new Set(await listBlacklistedPhones(db, clientId, channels, [...new Set(stored.values())]));
  return new Set(phones.filter((phone) => blocked.has(stored.get(phone) ?? '')));
}

/**
 * Which of these numbers, already in the stored form (international digits, as lib/phone's `digits`),
 * this client may not send to on this channel: one query for a whole chunk of an upload, without
 * parsing each number again.
 */
export async function blacklistedAmong(
  db: Executor,
  clientId: string,
  channel: string,
  digits: readonly string[],
): Promise<Set<string>> {
  const channels = [...new Set([checkedChannel(channel), ALL_CHANNELS])];
  return new Set(await listBlacklistedPhones(db, clientId, channels, [...new Set(digits)]));
}

// ---- the blacklist screens and API (spec §3 "Blacklist: mediaType, intlPhoneNumber"; §7) ----

const EMAIL_ADDRESS = /^[^\s@<>()[\]",;:\\]{1,64}@[^\s@<>()[\]",;:\\.]+(\.[^\s@<>()[\]",;:\\.]+)+$/;
const IMPORT_CHUNK = 1000;
const REPORTED_REFUSALS = 100;

export function toBlacklistEntry(row: BlacklistRow): BlacklistEntry {
  const email = row.phone.includes('@');
  return {
    mediaType: row.channel.toUpperCase() as BlacklistMediaType,
    intlPhoneNumber: email ? null : row.phone,
    email: email ? row.phone : null,
    reason: row.reason,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An entry for one channel needs that channel's feature (and its trial not over); ALL needs none. */
function requireMediaType(actor: Actor, mediaType: BlacklistMediaType | undefined) {
  if (mediaType && mediaType !== 'ALL') requireFeatureOpen(actor, mediaType);
}

/** The stored key of an entry: a number's international digits (client country for 0…), or an address. */
function entryKey(
  input: { mediaType: BlacklistMediaType; intlPhoneNumber?: string | undefined; email?: string | undefined },
  country: CountryCode,
): { ok: true; key: string } | { ok: false; reason: string } {
  if (input.email) {
    const email = input.email.trim().toLowerCase();
    if (input.mediaType !== 'EMAIL')
      return { ok: false, reason: 'An email address is blocked with mediaType EMAIL' };
    return EMAIL_ADDRESS.test(email) && email.length <= 254
      ? { ok: true, key: email }
      : { ok: false, reason: `"${input.email.slice(0, 60)}" is not an email address` };
  }
  if (input.mediaType === 'EMAIL') return { ok: false, reason: 'mediaType EMAIL blocks an email address' };
  const parsed = parsePhone(input.intlPhoneNumber ?? '', { defaultCountry: country });
  if (!parsed.ok) return { ok: false, reason: parsed.message };
  return { ok: true, key: parsed.phone.digits };
}

export async function listBlacklist(
  db: Executor,
  actor: Actor,
  query: {
    mediaType?: BlacklistMediaType | undefined;
    search?: string | undefined;
    pageSize: number;
    pageNumber: number;
  },
) {
  requireMediaType(actor, query.mediaType);
  const page = { pageSize: query.pageSize, pageNumber: query.pageNumber };
  const { items, total } = await listBlacklistPage(
    db,
    actor.clientId,
    { channel: query.mediaType?.toLowerCase(), search: query.search?.toLowerCase() },
    page,
  );
  return { ...page, total, items: items.map(toBlacklistEntry) };
}

export async function createBlacklistEntry(
  db: Database,
  caller: AuditActor,
  input: {
    mediaType: BlacklistMediaType;
    intlPhoneNumber?: string | undefined;
    email?: string | undefined;
    reason?: string | null | undefined;
  },
) {
  const { actor } = caller;
  requireMediaType(actor, input.mediaType);
  const key = entryKey(input, await clientPhoneCountry(db, actor.clientId));
  if (!key.ok) throw new AppError(400, input.email ? 'invalid_email' : 'invalid_phone_number', key.reason);
  return db.transaction(async (tx) => {
    const row = await insertBlacklistEntry(tx, actor.clientId, {
      phone: key.key,
      channel: input.mediaType.toLowerCase(),
      reason: input.reason ?? null,
      createdBy: actorLabel(actor),
    });
    if (row)
      await recordAudit(tx, caller, {
        clientId: actor.clientId,
        action: 'blacklist.create',
        entityType: 'blacklist',
        entityId: `${row.channel}:${row.phone}`,
        after: toBlacklistEntry(row),
      });
    // Already listed: the answer says so and shows the entry as asked.
    const entry = row ?? {
      clientId: actor.clientId,
      phone: key.key,
      channel: input.mediaType.toLowerCase(),
      reason: input.reason ?? null,
      createdBy: actorLabel(actor),
      createdAt: new Date(),
    };
    return { added: row !== null, entry: toBlacklistEntry(entry) };
  });
}

export async function deleteBlacklistEntryOf(
  db: Database,
  caller: AuditActor,
  input: { mediaType: BlacklistMediaType; intlPhoneNumber?: string | undefined; email?: string | undefined },
) {
  const { actor } = caller;
  requireMediaType(actor, input.mediaType);
  const key = entryKey(input, await clientPhoneCountry(db, actor.clientId));
  if (!key.ok) throw new AppError(400, input.email ? 'invalid_email' : 'invalid_phone_number', key.reason);
  return db.transaction(async (tx) => {
    const row = await deleteBlacklistEntry(tx, actor.clientId, key.key, input.mediaType.toLowerCase());
    if (!row) throw notFound('blacklist_entry_not_found', 'This number or address is not on the blacklist');
    await recordAudit(tx, caller, {
      clientId: actor.clientId,
      action: 'blacklist.delete',
      entityType: 'blacklist',
      entityId: `${row.channel}:${row.phone}`,
      before: toBlacklistEntry(row),
    });
    return { removed: true };
  });
}

type ImportRow = { row: number; record: Record<string, unknown> };

/** Reads a CSV or XLSX file of entries (columns mediaType, intlPhoneNumber or email, reason), in chunks. */
export async function importBlacklist(db: Database, caller: AuditActor, file: Buffer) {
  const { actor } = caller;
  const country = await clientPhoneCountry(db, actor.clientId);
  const isWorkbook = file[0] === 0x50 && file[1] === 0x4b;
  const rows: AsyncIterable<ImportRow> = isWorkbook
    ? readXlsxRows(Readable.from([file]), () => {})
    : readCsvRecords(file);
  const refused: { row: number; reason: string }[] = [];
  let refusedCount = 0;
  let added = 0;
  let total = 0;
  let chunk: { phone: string; channel: string; reason: string | null; createdBy: string }[] = [];
  const refuse = (row: number, reason: string) => {
    refusedCount++;
    if (refused.length < REPORTED_REFUSALS) refused.push({ row, reason });
  };
  const flush = async () => {
    if (chunk.length === 0) return;
    const entries = chunk;
    chunk = [];
    added += await insertBlacklistEntries(db, actor.clientId, entries);
  };
  for await (const { row, record } of rows) {
    const cell = (name: string) => {
      const found = Object.entries(record).find(
        ([column]) => column.trim().toLowerCase() === name.toLowerCase(),
      );
      const value = found?.[1];
      return value === null || value === undefined ? '' : String(value).trim();
    };
    const written = cell('mediaType').toUpperCase() || 'ALL';
    const mediaType = BlacklistMediaTypeSchema.safeParse(written);
    if (!mediaType.success) {
      refuse(row, `mediaType "${written.slice(0, 20)}" is not one of ${BLACKLIST_MEDIA_TYPES.join(', ')}`);
      continue;
    }
    if (mediaType.data !== 'ALL' && !allows(actor, { feature: mediaType.data })) {
      refuse(row, `The client has no ${mediaType.data} feature`);
      continue;
    }
    const email = cell('email');
    const reason = cell('reason');
    const key = entryKey(
      { mediaType: mediaType.data, intlPhoneNumber: cell('intlPhoneNumber'), email: email || undefined },
      country,
    );
    if (!key.ok) {
      refuse(row, key.reason);
      continue;
    }
    if (isUnsafeText(reason)) {
      refuse(row, 'reason holds a NUL byte or an unpaired surrogate');
      continue;
    }
    total++;
    chunk.push({
      phone: key.key,
      channel: mediaType.data.toLowerCase(),
      reason: reason.slice(0, 500) || null,
      createdBy: actorLabel(actor),
    });
    if (chunk.length >= IMPORT_CHUNK) await flush();
  }
  await flush();
  await recordAudit(db, caller, {
    clientId: actor.clientId,
    action: 'blacklist.import',
    entityType: 'blacklist',
    entityId: 'import',
    after: { added, unchanged: total - added, refusedCount },
  });
  return { added, unchanged: total - added, refused, refusedCount };
}

const EXPORT_CHUNK = 2000;
const EXPORT_COLUMNS = ['mediaType', 'intlPhoneNumber', 'email', 'reason', 'createdBy', 'createdAt'] as const;

/** The client's blacklist as CSV, streamed a keyset chunk at a time. */
export function exportBlacklist(
  db: Executor,
  actor: Actor,
  query: { mediaType?: BlacklistMediaType | undefined; search?: string | undefined },
): Readable {
  requireMediaType(actor, query.mediaType);
  const filter = { channel: query.mediaType?.toLowerCase(), search: query.search?.toLowerCase() };
  async function* records() {
    let after: { phone: string; channel: string } | null = null;
    for (;;) {
      const rows = await listBlacklistAfter(db, actor.clientId, filter, after, EXPORT_CHUNK);
      for (const row of rows) yield toBlacklistEntry(row);
      if (rows.length < EXPORT_CHUNK) return;
      const last = rows[rows.length - 1]!;
      after = { phone: last.phone, channel: last.channel };
    }
  }
  return pipeline(Readable.from(records()), csvStream(EXPORT_COLUMNS), () => {});
}
