import { parsePhone } from '../../../lib/phone.js';
import type { Database, Executor } from '../../../platform/database.js';
import type { ChannelName, StatusUpdate } from '../channel.ports.js';
import { invalidRecipient } from '../sandbox/sandbox-errors.js';

/**
 * What the channels without an inbox (SMS, email, Telegram, voice) share: where their delivery reports
 * go, and the phone-number check of SMS and voice.
 */
export type StatusPort = { applyStatus(executor: Executor, update: StatusUpdate): Promise<void> };

export type ReportDeps = { db: Database; statuses: StatusPort };

/** A provider's delivery report, read into a status: applied to the ledger in its own transaction. */
export async function applyReport(deps: ReportDeps, update: StatusUpdate) {
  await deps.db.transaction((tx) => deps.statuses.applyStatus(tx, update));
}

/** A number a message or call can reach, as the ledger keeps it: international digits (6281234567890). */
export function phoneRecipient(channel: ChannelName, recipient: string): string {
  const parsed = parsePhone(recipient);
  if (!parsed.ok) throw invalidRecipient(channel, recipient, parsed.message.toLowerCase());
  if (!parsed.phone.valid)
    throw invalidRecipient(
      channel,
      recipient,
      parsed.phone.invalidReason === 'unknown_country'
        ? 'no country has this calling code'
        : `${parsed.phone.e164} is not a number in its country's numbering plan`,
    );
  return parsed.phone.digits;
}
