import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Builds Cloud API webhook bodies and posts them signed the way Meta signs them. */
export const unixNow = (offsetSeconds = 0) => String(Math.floor(Date.now() / 1000) + offsetSeconds);

export function envelope(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000000',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '622151500001', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export function textMessage(from: string, id: string, body: string, timestamp = unixNow()) {
  return { from, id, timestamp, type: 'text', text: { body } };
}

export function statusOf(
  id: string,
  status: string,
  timestamp = unixNow(),
  extra: Record<string, unknown> = {},
) {
  return { id, status, timestamp, recipient_id: '6281234567890', ...extra };
}

export function sign(appSecret: string, raw: string) {
  return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
}

export async function postWebhook(app: FastifyInstance, body: unknown, appSecret = 'demo-app-secret') {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: '/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(appSecret, raw) },
    payload: raw,
  });
}
