import type { CampaignChannel, CampaignTemplate } from '@sapa/contracts';
import { type ChannelName, type OutboundContent, smsSegments } from '../../messaging/index.js';

/** A campaign channel (its feature bit's name) as messaging names it. */
export const messagingChannelOf = (channel: CampaignChannel) => channel.toLowerCase() as ChannelName;

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;

/** `{{param}}` filled from the row; a parameter the row lacks becomes empty, never the raw braces. */
export function fill(text: string, params: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => params[name] ?? '');
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The plain-text part of an email whose template has none: the HTML without its tags. */
const textOfHtml = (html: string) =>
  html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * The message one row becomes: the batch's template with the row's parameters. SMS segments are
 * counted on the rendered text (what the operator bills); an email's HTML gets the parameters escaped.
 */
export function renderMessage(template: CampaignTemplate, params: Record<string, string>): OutboundContent {
  switch (template.channel) {
    case 'SMS': {
      const text = fill(template.text, params);
      const { segments, encoding } = smsSegments(text);
      return { kind: 'sms', text, segments, encoding };
    }
    case 'EMAIL': {
      const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(v)]));
      const html = fill(template.html, escaped);
      return {
        kind: 'email',
        subject: fill(template.subject, params),
        html,
        text: template.text ? fill(template.text, params) : textOfHtml(html),
        // Campaign mail is bulk mail: it carries the recipient's unsubscribe link (RFC 8058).
        unsubscribe: true,
      };
    }
    case 'WHATSAPP':
      return {
        kind: 'template',
        templateName: template.name,
        language: template.language,
        parameters: template.parameters.map((parameter) => fill(parameter, params)),
        // A DOCUMENT header filled with {{pdfUrl}} sends the recipient's PDF itself (decision 0046).
        ...(template.headerParameters?.length
          ? { headerParameters: template.headerParameters.map((parameter) => fill(parameter, params)) }
          : {}),
      };
    case 'TELEGRAM':
      return { kind: 'telegram', text: fill(template.text, params) };
    case 'VOICE':
      // A recording plays as it is; a script is spoken with the row's values.
      return template.recordingFileId
        ? {
            kind: 'voice',
            script: null,
            recordingFileId: template.recordingFileId,
            language: template.language,
          }
        : { kind: 'voice', script: fill(template.script ?? '', params), language: template.language };
  }
}
