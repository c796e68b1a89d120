import type { SmsEncoding } from './messaging.schemas.js';

/**
 * GSM 03.38 basic character set (one septet each). Line feed and carriage return are in it; the
 * escape character is not text.
 */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** The extension table: each costs two septets (escape + character). */
const GSM_EXTENSION = new Set('\f^{}\\[~]|€');

/** One message holds 140 bytes: 160 septets or 70 UCS-2 units; a part of a long one loses 6 bytes to its header. */
const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
};

export type SmsSegments = {
  encoding: SmsEncoding;
  /** Septets (GSM-7, an extension character counts 2) or UTF-16 code units (UCS-2, most emoji count 2). */
  units: number;
  /** Messages the text is sent and charged as. */
  segments: number;
};

/**
 * How an SMS text is encoded and how many parts it costs, counted on the rendered text. One character
 * outside GSM-7 switches the whole message to UCS-2. A long message is split so that no extension
 * character's escape pair and no surrogate pair is cut across two parts (as handsets and SMSCs do),
 * which can make it one part longer than a plain division.
 */
export function smsSegments(text: string): SmsSegments {
  const characters = [...text];
  const gsm = characters.every((c) => GSM_BASIC.has(c) || GSM_EXTENSION.has(c));
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const costs = characters.map((c) => (gsm ? (GSM_EXTENSION.has(c) ? 2 : 1) : c.length));
  const units = costs.reduce((sum, cost) => sum + cost, 0);
  const { single, part } = LIMITS[encoding];
  if (units <= single) return { encoding, units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > part) {
      segments++;
      used = 0;
    }
    used += cost;
  }
  return { encoding, units, segments };
}
