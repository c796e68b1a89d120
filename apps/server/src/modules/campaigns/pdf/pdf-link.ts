import { createHmac, timingSafeEqual } from 'node:crypto';
import { isId } from '../../../lib/ids.js';

/**
 * The short link an SMS, WhatsApp or Telegram message carries to its recipient's PDF (decision 0046):
 * `<public url>/p/<token>`, the token being the client's and the notification's ids and the expiry
 * (36 bytes) followed by 16 bytes of HMAC-SHA256 under the PDF link key, in base64url (70 characters).
 * Nothing is stored to check it; it cannot be pointed at another client's or recipient's file.
 */
export type PdfLinkTarget = { clientId: string; notificationId: string; expiresAt: Date };

const PAYLOAD_BYTES = 36;
const SIGNATURE_BYTES = 16;

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
const sign = (key: Buffer, payload: Buffer) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);

export function pdfLinkToken(key: Buffer, target: PdfLinkTarget): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  uuidBytes(target.clientId).copy(payload, 0);
  uuidBytes(target.notificationId).copy(payload, 16);
  payload.writeUInt32BE(Math.floor(target.expiresAt.getTime() / 1000), 32);
  return Buffer.concat([payload, sign(key, payload)]).toString('base64url');
}

export function pdfLinkUrl(key: Buffer, publicUrl: string, target: PdfLinkTarget): string {
  return `${publicUrl.replace(/\/+$/, '')}/p/${pdfLinkToken(key, target)}`;
}

/** What a token names when we signed it (expired or not), else null (answered 404). */
export function readPdfLinkToken(key: Buffer, token: string): PdfLinkTarget | null {
  if (!/^[A-Za-z0-9_-]{70}$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== PAYLOAD_BYTES + SIGNATURE_BYTES) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), sign(key, payload))) return null;
  const clientId = uuidOf(payload.subarray(0, 16));
  const notificationId = uuidOf(payload.subarray(16, 32));
  if (!isId(clientId) || !isId(notificationId)) return null;
  return { clientId, notificationId, expiresAt: new Date(payload.readUInt32BE(32) * 1000) };
}
