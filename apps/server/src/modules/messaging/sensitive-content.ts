import type { OutboundContent } from './channel.ports.js';

/** What stands where a sensitive message's words were (decision 0048). */
export const REDACTED = '[redacted]';

/**
 * The ledger's copy of a sensitive message (an OTP's code): its kind and what is not words (an SMS's
 * segments and encoding, which billing counts; a template's name and language; how many parameters),
 * and the marker in place of every text a person reads.
 */
export function redactContent(content: OutboundContent): OutboundContent {
  switch (content.kind) {
    case 'sms':
      return { kind: 'sms', text: REDACTED, segments: content.segments, encoding: content.encoding };
    case 'email':
      return {
        kind: 'email',
        subject: REDACTED,
        html: REDACTED,
        text: REDACTED,
        ...(content.unsubscribe ? { unsubscribe: true } : {}),
      };
    case 'telegram':
      return { kind: 'telegram', text: REDACTED, parseMode: content.parseMode ?? null };
    case 'voice':
      return {
        kind: 'voice',
        script: content.script == null ? null : REDACTED,
        recordingFileId: content.recordingFileId ?? null,
        language: content.language ?? null,
      };
    case 'text':
      return { kind: 'text', text: REDACTED };
    case 'buttons':
      return {
        kind: 'buttons',
        text: REDACTED,
        buttons: content.buttons.map(({ id }) => ({ id, title: REDACTED })),
      };
    case 'template':
      return {
        kind: 'template',
        templateName: content.templateName,
        language: content.language,
        parameters: content.parameters.map(() => REDACTED),
        ...(content.headerParameters
          ? { headerParameters: content.headerParameters.map(() => REDACTED) }
          : {}),
        ...(content.buttonParameters
          ? { buttonParameters: content.buttonParameters.map(() => REDACTED) }
          : {}),
      };
    case 'image':
    case 'document':
      return {
        kind: content.kind,
        url: REDACTED,
        caption: content.caption == null ? null : REDACTED,
        fileName: content.fileName ?? null,
      };
  }
}
