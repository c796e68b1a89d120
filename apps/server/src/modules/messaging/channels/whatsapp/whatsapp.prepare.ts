import type { SendRequest } from '../../channel.ports.js';
import {
  contentNotSupported,
  invalidRecipient,
  messageEmpty,
  messageTooLong,
} from '../../sandbox/sandbox-errors.js';
import { phoneRecipient } from '../channel-kit.js';
import { groupIdOfRecipient } from './whatsapp.wire.js';

/** Cloud API's ceiling for a text body (and our sender's). */
export const WHATSAPP_MAX_TEXT = 4096;
/**
 * A business-scoped user id (BSUID) of a customer who hides their number: a country code, a dot and
 * the id (`ID.1502346789012345`). Anything else that is not a phone number is a typing mistake.
 */
const BSUID = /^[A-Z]{2}\.[0-9A-Za-z]{1,128}$/;
const PHONE_LIKE = /^[+\d\s().\-/]+$/;

function whatsappRecipient(recipient: string): string {
  const given = recipient.trim();
  if (groupIdOfRecipient(given)) return given;
  if (!PHONE_LIKE.test(given)) {
    if (BSUID.test(given)) return given;
    throw invalidRecipient('WhatsApp', recipient, 'give a phone number with its country code');
  }
  return phoneRecipient('whatsapp', given);
}

/**
 * A WhatsApp message checked in the sender's request (self-service, the API, campaigns, the inbox): the
 * recipient as international digits (or a BSUID as given), and content WhatsApp sends, not empty.
 */
export function prepareWhatsapp({ recipient, content }: SendRequest): SendRequest {
  switch (content.kind) {
    case 'text':
    case 'buttons':
      if (content.text.trim() === '') throw messageEmpty('WhatsApp');
      if (content.text.length > WHATSAPP_MAX_TEXT)
        throw messageTooLong('WhatsApp', `${WHATSAPP_MAX_TEXT} characters`);
      break;
    case 'template':
      if (content.templateName.trim() === '') throw messageEmpty('WhatsApp', 'template name');
      break;
    case 'image':
    case 'document':
      break;
    default:
      throw contentNotSupported('WhatsApp', content.kind, 'text, media, buttons and templates');
  }
  return { recipient: whatsappRecipient(recipient), content };
}
