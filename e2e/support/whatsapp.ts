import { createHmac } from 'node:crypto';

/** The demo client's sandbox WhatsApp number and its app secret (ARCHITECTURE; modules/demo). */
export const SANDBOX_PHONE_NUMBER_ID = '100000000000001';
export const SANDBOX_APP_SECRET = 'demo-app-secret';

/**
 * A customer writes to the demo number through the provider's webhook, signed as Meta signs it
 * (`x-hub-signature-256` over the raw body). Answers the server's response for the caller to check.
 */
export async function postSignedWebhookMessage(
  baseUrl: string,
  message: { from: string; name: string; text: string },
): Promise<Response> {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000000',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '622151500001', phone_number_id: SANDBOX_PHONE_NUMBER_ID },
              contacts: [{ profile: { name: message.name }, wa_id: message.from }],
              messages: [
                {
                  from: message.from,
                  id: `wamid.journey-${message.from}-${Date.now()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: message.text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  return fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', SANDBOX_APP_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
}

/**
 * A customer writes on the sandbox phone: the public simulator endpoint the sandbox page itself calls
 * (`from` with its leading +). Answers the server's response for the caller to check.
 */
export function postSandboxPhoneMessage(
  baseUrl: string,
  message: { from: string; name: string; text: string },
): Promise<Response> {
  return fetch(`${baseUrl}/api/sandbox/whatsapp/${SANDBOX_PHONE_NUMBER_ID}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
}
