import { parsePhone } from '../../../lib/phone.js';
import type { Executor } from '../../../platform/database.js';
import { invalidBlacklistChannel, invalidPhoneNumber } from '../contacts.errors.js';
import { deleteBlacklistEntry, insertBlacklistEntry, listBlacklistedPhones } from './blacklist.repository.js';

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
 * number is never blocked here (the sender refuses it on its own).
 */
export async function isBlacklisted(
  db: Executor,
  clientId: string,
  channel: string,
  phones: string[],
): Promise<Set<string>> {
  const stored = new Map<string, string>();
  for (const phone of phones) {
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
