import { AppError } from '../../../platform/errors.js';

/** A refusal of a provider: its own code kept, and whether trying again later may work. */
export class ProviderRefusal extends AppError {
  constructor(
    code: string,
    message: string,
    /** The provider's own code (an SMPP command status, an SMTP reply, a Bot API error code). */
    readonly providerCode: string,
    readonly retryable: boolean,
  ) {
    super(retryable ? 503 : 422, code, message);
  }
}

/** A refusal that will not change however often it is retried is permanent; anything else is retried. */
export const isPermanentRefusal = (error: unknown) =>
  error instanceof ProviderRefusal ? !error.retryable : error instanceof AppError && error.statusCode < 500;

export const invalidRecipient = (channel: string, recipient: string, why: string) =>
  new AppError(
    422,
    'invalid_recipient',
    `${JSON.stringify(recipient.slice(0, 64))} cannot receive ${channel}: ${why}.`,
  );

export const contentNotSupported = (channel: string, kind: string, sends: string) =>
  new AppError(
    422,
    'content_not_supported',
    `The ${channel} channel sends ${sends}; "${kind}" content cannot be sent on it.`,
  );

export const messageEmpty = (channel: string, what = 'text') =>
  new AppError(422, 'message_empty', `A ${channel} message needs its ${what}.`);

export const messageTooLong = (channel: string, limit: string) =>
  new AppError(422, 'message_too_long', `A ${channel} message can be at most ${limit}.`);

/** A delivery report names a message the ledger does not hold (yet): the provider tries again later. */
export const reportNotMatched = (channel: string, providerMessageId: string) =>
  new AppError(404, 'outbound_not_found', `No ${channel} message has the provider id ${providerMessageId}.`);
