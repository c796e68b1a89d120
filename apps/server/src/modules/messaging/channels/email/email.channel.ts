import { z } from 'zod';
import { newId } from '../../../../lib/ids.js';
import type { ChannelMessage, MessageChannel, SendRequest } from '../../channel.ports.js';
import {
  contentNotSupported,
  invalidRecipient,
  isPermanentRefusal,
  messageEmpty,
  messageTooLong,
} from '../../sandbox/sandbox-errors.js';
import { applyReport, type ReportDeps } from '../channel-kit.js';
import type { EmailAttachment, EmailEvent, EmailProvider } from './email.sandbox.js';

/** The sandbox's sender; a client's own domain comes with real providers (issue 12). */
export const EMAIL_SANDBOX_FROM = 'no-reply@sandbox.sapa.local';
/** A subject longer than this is refused (RFC 5322 lines stay under 998; mail clients cut far sooner). */
const MAX_SUBJECT = 998;
/** A body past this is refused: most providers stop at 10 MB per message, attachments included. */
const MAX_BODY_BYTES = 5 * 1024 * 1024;

const EmailAddress = z.email().max(254);

export type EmailChannel = MessageChannel & {
  /** A delivery event from the provider: the same path for the sandbox and a real one. */
  receiveEvent(event: EmailEvent): Promise<void>;
};

/** An address as the ledger keeps it: trimmed, its domain lower-cased (the local part is the domain's). */
function emailRecipient(recipient: string) {
  const trimmed = recipient.trim();
  if (!EmailAddress.safeParse(trimmed).success)
    throw invalidRecipient('email', recipient, 'it is not an email address (name@example.com)');
  const at = trimmed.lastIndexOf('@');
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/** A campaign email on its way out, with the signed link its recipient unsubscribes with. */
type LinkedEmailMessage = ChannelMessage & { listUnsubscribeUrl?: string };
/** An email whose attachments were read (`withAttachmentSource`): the files the provider sends. */
type AttachedEmailMessage = ChannelMessage & { files?: EmailAttachment[] };

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The visible way out of bulk mail, beside the headers: at the end of both bodies. */
function withUnsubscribeFooter(html: string, text: string, url: string) {
  const footer = `<p style="font-size:12px;color:#666"><a href="${escapeAttribute(url)}">Unsubscribe</a></p>`;
  const at = html.search(/<\/body>/i);
  return {
    html: at >= 0 ? `${html.slice(0, at)}${footer}${html.slice(at)}` : `${html}${footer}`,
    text: `${text}\n\nUnsubscribe: ${url}`,
  };
}

/**
 * The email channel with the unsubscribe links of bulk mail: a message marked `unsubscribe` (a
 * campaign's) gets its recipient's signed link, shown in the body and in the `List-Unsubscribe` headers.
 */
export function withUnsubscribeLinks<C extends MessageChannel>(
  channel: C,
  linkFor: (clientId: string, address: string) => string,
): C {
  return {
    ...channel,
    send: (message: ChannelMessage) =>
      channel.send(
        message.kind === 'email' && message.unsubscribe
          ? ({ ...message, listUnsubscribeUrl: linkFor(message.clientId, message.to) } as LinkedEmailMessage)
          : message,
      ),
  };
}

/**
 * The email channel with attachments read at send time: each `attachments` reference of a message is
 * read by `read` (a campaign's per-recipient PDF, decision 0046) and handed to the provider with it.
 * A file that cannot be read fails the send (retryable): the message never goes without it.
 */
export function withAttachmentSource<C extends MessageChannel>(
  channel: C,
  read: (clientId: string, ref: string) => Promise<EmailAttachment>,
): C {
  return {
    ...channel,
    send: async (message: ChannelMessage) => {
      if (message.kind !== 'email' || !message.attachments?.length) return channel.send(message);
      const files: EmailAttachment[] = [];
      for (const attachment of message.attachments) {
        const file = await read(message.clientId, attachment.ref);
        files.push({
          filename: attachment.fileName,
          contentType: attachment.contentType,
          content: file.content,
        });
      }
      return channel.send({ ...message, files } as AttachedEmailMessage);
    },
  };
}

export function createEmailChannel(
  deps: ReportDeps & { provider: EmailProvider; from?: string },
): EmailChannel {
  const channel: EmailChannel = {
    prepare({ recipient, content }: SendRequest): SendRequest {
      if (content.kind !== 'email')
        throw contentNotSupported('email', content.kind, 'a subject with an HTML and a text body');
      if (content.subject.trim() === '') throw messageEmpty('email', 'subject');
      if (content.html.trim() === '' && content.text.trim() === '') throw messageEmpty('email', 'body');
      if (content.subject.length > MAX_SUBJECT)
        throw messageTooLong('email subject', `${MAX_SUBJECT} characters`);
      if (Buffer.byteLength(content.html) + Buffer.byteLength(content.text) > MAX_BODY_BYTES)
        throw messageTooLong('email', '5 MB of body');
      return { recipient: emailRecipient(recipient), content };
    },
    async send(message: ChannelMessage) {
      if (message.kind !== 'email')
        throw contentNotSupported('email', message.kind, 'a subject with an HTML and a text body');
      const link = message.unsubscribe ? (message as LinkedEmailMessage).listUnsubscribeUrl : undefined;
      const body = link
        ? withUnsubscribeFooter(message.html, message.text, link)
        : { html: message.html, text: message.text };
      const { messageId } = await deps.provider.submit({
        clientId: message.clientId,
        from: { address: deps.from ?? EMAIL_SANDBOX_FROM, name: message.fromName ?? null },
        to: message.to,
        subject: message.subject,
        ...body,
        listUnsubscribe: link ? { url: link, mailto: null } : null,
        attachments: (message as AttachedEmailMessage).files,
        idempotencyKey: message.idempotencyKey ?? newId(),
      });
      return { providerMessageId: messageId };
    },
    isPermanentFailure: isPermanentRefusal,
    async receiveEvent(event) {
      const bounced = event.event === 'bounce';
      // A transient bounce (mailbox over quota for now) is retried by the provider: not final yet.
      if (bounced && event.bounceType !== 'Permanent') return;
      await applyReport(deps, {
        clientId: event.clientId,
        channel: 'email',
        providerMessageId: event.messageId,
        status: bounced ? 'failed' : 'delivered',
        error: bounced ? { code: event.status, title: event.diagnosticCode.replace(/^smtp;\s*/, '') } : null,
        at: new Date(event.timestamp),
      });
    },
  };
  deps.provider.onEvent((event) => channel.receiveEvent(event));
  return channel;
}
