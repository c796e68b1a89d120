import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import { createSandboxProvider, type SandboxEngine } from '../../sandbox/sandbox-provider.js';

/** What an email provider takes (SMTP submission or an HTTP API), and the events it posts back later. */
export type EmailSubmit = {
  clientId: string;
  from: { address: string; name: string | null };
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with the message (an e-statement PDF); the sandbox only counts them. */
  attachments?: EmailAttachment[] | undefined;
  /**
   * Bulk mail (a campaign) carries a way out: the `List-Unsubscribe` headers (RFC 2369, one-click
   * RFC 8058). Null for transactional mail (an OTP, a password reset).
   */
  listUnsubscribe?: { url: string; mailto: string | null } | null | undefined;
  idempotencyKey: string;
};

export type EmailAttachment = { filename: string; contentType: string; content: Buffer };

/** A delivery event as mail APIs post them (SES / Postmark style): delivered, or a bounce with the DSN. */
export type EmailEvent = {
  clientId: string;
  messageId: string;
  recipient: string;
  timestamp: string;
} & (
  | { event: 'delivered'; smtpResponse: string }
  | { event: 'bounce'; bounceType: 'Permanent' | 'Transient'; status: string; diagnosticCode: string }
);

export type EmailProvider = {
  /** Answers the `Message-ID`; throws `ProviderRefusal` with the SMTP reply. */
  submit(message: EmailSubmit): Promise<{ messageId: string }>;
  onEvent(receive: (event: EmailEvent) => Promise<void>): void;
};

export const smtpRefusal = (reply: string, retryable: boolean) =>
  new ProviderRefusal(
    'provider_rejected',
    `The mail server refused the message: ${reply}`,
    reply.slice(0, 3),
    retryable,
  );

const BOUNCES = [
  {
    status: '5.1.1',
    reply: (to: string) =>
      `550 5.1.1 <${to}>: Recipient address rejected: User unknown in virtual mailbox table`,
  },
  { status: '5.2.2', reply: (to: string) => `552 5.2.2 <${to}>: Mailbox full` },
  { status: '5.1.2', reply: (to: string) => `550 5.1.2 <${to}>: Host or domain name not found` },
] as const;

/**
 * The embedded mail provider: takes a message after a short latency, answers a `Message-ID`, refuses a
 * few with `421 4.7.0` (retried), and a little later posts `delivered` (250 2.0.0) or, for a few, a
 * permanent bounce (mostly 5.1.1 user unknown).
 */
export function createEmailSandbox(engine: SandboxEngine): EmailProvider {
  const provider = createSandboxProvider<EmailEvent>(engine, 'email');
  return {
    onEvent: (receive) => provider.onReport(receive),
    async submit(message) {
      const delay = engine.settings.reportDelayMs;
      const messageId = await provider.accept({
        clientId: message.clientId,
        idempotencyKey: message.idempotencyKey,
        received: {
          recipient: message.to,
          content: {
            kind: 'email',
            subject: message.subject,
            html: message.html,
            text: message.text,
            fromName: message.from.name,
          },
        },
        newId: (digest) => `<${digest.slice(0, 32)}@sandbox.sapa.local>`,
        refusal: () => smtpRefusal('421 4.7.0 Try again later, closing connection', true),
        reports: (id, fails, roll) => {
          const common = { clientId: message.clientId, messageId: id, recipient: message.to };
          const afterMs = delay * (0.5 + roll('delay'));
          const timestamp = new Date(Date.now() + afterMs).toISOString();
          if (!fails) {
            const queued = `250 2.0.0 OK: queued as ${id.slice(1, 11).toUpperCase()}`;
            return [{ afterMs, report: { ...common, timestamp, event: 'delivered', smtpResponse: queued } }];
          }
          // Most bounces are unknown users; the rest full mailboxes and missing domains.
          const bounce = roll('bounce') < 0.7 ? BOUNCES[0] : BOUNCES[roll('which') < 0.5 ? 1 : 2];
          return [
            {
              afterMs,
              report: {
                ...common,
                timestamp,
                event: 'bounce',
                bounceType: 'Permanent',
                status: bounce.status,
                diagnosticCode: `smtp; ${bounce.reply(message.to)}`,
              },
            },
          ];
        },
      });
      return { messageId };
    },
  };
}
