import {
  HttpSmsStatusSchema,
  receiptOfStatus,
  statusSignatureMatches,
} from '../channels/sms/http-sms.provider.js';
import type { SmsReceipt } from '../channels/sms/sms.sandbox.js';
import { invalidCallbackSignature, providerInvalid, providerNotFound } from './providers.errors.js';
import type { ProviderConfiguration } from './providers.service.js';

/**
 * An HTTP SMS gateway's status callback: the provider named in the path (of the client named there),
 * its signature checked on the raw body with the provider's callback secret, then read into a receipt
 * for the SMS channel. A status for a message not recorded yet answers 404, so the gateway retries.
 */
export async function receiveSmsStatus(
  deps: { providers: ProviderConfiguration; smsReceipts(receipt: SmsReceipt): Promise<void> },
  input: { clientId: string; providerId: string; body: Buffer; signature: string | undefined },
) {
  const found = await deps.providers.findProviderSecrets(input.clientId, 'sms', input.providerId);
  if (found?.row.type !== 'http-sms') throw providerNotFound();
  const secret = found.secrets.callbackSecret;
  if (!secret || !statusSignatureMatches(secret, input.body, input.signature))
    throw invalidCallbackSignature();
  let parsed: unknown;
  try {
    parsed = JSON.parse(input.body.toString('utf8'));
  } catch {
    throw providerInvalid('The status callback body is not JSON.');
  }
  const status = HttpSmsStatusSchema.safeParse(parsed);
  if (!status.success) throw providerInvalid('The status callback needs messageId and status.');
  const receipt = receiptOfStatus(status.data);
  if (receipt) await deps.smsReceipts({ clientId: input.clientId, receipt });
}
