import { parsePhone } from '../../../lib/phone.js';
import type { Database, Executor } from '../../../platform/database.js';
import type { ChannelName, StatusUpdate } from '../channel.ports.js';
import { invalidRecipient, reportNotMatched } from '../sandbox/sandbox-errors.js';

/**
 * What the channels without an inbox (SMS, email, Telegram, voice) share: where their delivery reports
 * go, and the phone-number check of SMS and voice.
 */
/** Applies a status to the ledger; false when no row has the provider id (yet). */
export type StatusPort = {
  applyStatus(executor: Executor, update: StatusUpdate): Promise<boolean>;
  /**
   * The same in a transaction of the port's own, which may apply several reports together (messaging
   * buffers them a few milliseconds and applies a set in one statement per kind). Answers as above.
   */
  reportStatus?(update: StatusUpdate): Promise<boolean>;
};

export type ReportDeps = { db: Database; statuses: StatusPort };

/**
 * A provider's delivery report, read into a status: applied to the ledger in its own transaction.
 * A report for a message not recorded yet (it overtook the send's commit) throws, so the provider
 * delivers it again later, as providers retry a report their receiver did not take.
 */
export async function applyReport(deps: ReportDeps, update: StatusUpdate) {
  const found = deps.statuses.reportStatus
    ? await deps.statuses.reportStatus(update)
    : await deps.db.transaction((tx) => deps.statuses.applyStatus(tx, update));
  if (!found) throw reportNotMatched(update.channel, update.providerMessageId);
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
