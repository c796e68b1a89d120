import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { z } from 'zod';
import type {
  ConnectionCheck,
  ProviderConfig,
  ProviderRuntime,
  ProviderType,
} from '../../providers/provider-types.js';
import { ProviderRefusal } from '../../sandbox/sandbox-errors.js';
import type { EmailEvent, EmailProvider, EmailSubmit } from './email.sandbox.js';

/** What an admin configures for an SMTP relay; the password and the DKIM key are the secrets. */
export const SmtpSettingsSchema = z.object({
  host: z.string().trim().min(1, 'Give the mail server host name').max(253),
  port: z.number().int().min(1).max(65_535).default(587),
  /** Implicit TLS (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean().default(false),
  /** Refuse to send when the server does not offer STARTTLS. */
  requireTls: z.boolean().default(false),
  username: z.string().max(254).nullable().default(null),
  /** The sender every message goes out from (the client's own domain). */
  fromAddress: z.email('Give the sender as an email address').max(254),
  fromName: z.string().max(120).nullable().default(null),
  /** A mailbox that takes unsubscribe requests by mail: the `mailto:` of `List-Unsubscribe`. */
  unsubscribeMailbox: z.email().max(254).nullable().default(null),
  /** Connections kept open to the relay (nodemailer's default is 5). */
  maxConnections: z.number().int().min(1).max(50).default(5),
  /** Messages per second across all connections; null: as fast as the relay takes them. */
  ratePerSecond: z.number().int().min(1).max(10_000).nullable().default(null),
  /** For one SMTP exchange (connect, greeting, each command). */
  timeoutMs: z.number().int().min(1_000).max(120_000).default(30_000),
  /** DKIM signing, when the `dkimPrivateKey` secret is set: `selector._domainkey.domain`. */
  dkimDomain: z.string().max(253).nullable().default(null),
  dkimSelector: z.string().max(63).nullable().default(null),
});
export type SmtpSettings = z.infer<typeof SmtpSettingsSchema>;

type SmtpSecret = 'password' | 'dkimPrivateKey';
type SmtpConfig = ProviderConfig<SmtpSettings, SmtpSecret>;

/** What nodemailer attaches to an error: the SMTP reply and its code, or its own code for the rest. */
type SmtpError = Error & { code?: string; responseCode?: number; response?: string; command?: string };

/** The Message-ID of a message: the same on every attempt, so a retried message is recognisably one. */
const messageIdOf = (idempotencyKey: string, fromAddress: string) =>
  `<${idempotencyKey.replace(/[^A-Za-z0-9._-]/g, '')}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}>`;

/**
 * An SMTP failure as the engine reads it: the relay's reply to this message (5xx will not change,
 * 4xx may on a later try), or the connection that failed (retried).
 */
export function smtpFailure(error: unknown): ProviderRefusal {
  const failure = error as SmtpError;
  const reply = (failure.response ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
  const code = failure.responseCode;
  if (failure.code === 'EAUTH')
    return new ProviderRefusal(
      'provider_auth_failed',
      `The mail server refused the login: ${reply || failure.message}`,
      String(code ?? 'EAUTH'),
      true,
    );
  if (code && code >= 400 && code < 600)
    return new ProviderRefusal(
      'provider_rejected',
      `The mail server refused the message: ${reply}`,
      String(code),
      code < 500,
    );
  const what =
    failure.code === 'ETIMEDOUT'
      ? 'did not answer in time'
      : failure.code === 'EDNS'
        ? 'could not be found (DNS)'
        : failure.code === 'ETLS'
          ? 'could not start TLS'
          : 'could not be reached';
  return new ProviderRefusal(
    'provider_unavailable',
    `The mail server ${what}.`,
    failure.code ?? 'ECONNECTION',
    true,
  );
}

function transportOptions(config: SmtpConfig, pooled: boolean): SMTPPool.Options {
  const { settings, secrets } = config;
  const dkim =
    secrets.dkimPrivateKey && settings.dkimDomain && settings.dkimSelector
      ? {
          dkim: {
            domainName: settings.dkimDomain,
            keySelector: settings.dkimSelector,
            privateKey: secrets.dkimPrivateKey,
          },
        }
      : {};
  return {
    pool: pooled as true,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls,
    ...(settings.username ? { auth: { user: settings.username, pass: secrets.password ?? '' } } : {}),
    maxConnections: settings.maxConnections,
    // A pooled connection is recycled after this many messages (nodemailer's default 100).
    maxMessages: 1_000,
    ...(settings.ratePerSecond ? { rateDelta: 1_000, rateLimit: settings.ratePerSecond } : {}),
    connectionTimeout: settings.timeoutMs,
    greetingTimeout: settings.timeoutMs,
    socketTimeout: settings.timeoutMs,
    // Nodemailer's own logger would print the AUTH exchange: never.
    logger: false,
    debug: false,
    ...dkim,
  };
}

export function createSmtpProvider(
  config: SmtpConfig,
  runtime: ProviderRuntime,
): EmailProvider & { close(): Promise<void> } {
  const { settings } = config;
  // nodemailer loads with the first message, not on every start (issue 19 goal 4).
  let transport: Promise<Transporter> | null = null;
  const listeners: ((event: EmailEvent) => Promise<void>)[] = [];
  return {
    // SMTP itself reports nothing after acceptance: bounces arrive through the bounce webhook.
    onEvent: (receive) => {
      listeners.push(receive);
    },
    async submit(message: EmailSubmit) {
      const started = performance.now();
      const messageId = messageIdOf(message.idempotencyKey, settings.fromAddress);
      const unsubscribe = message.listUnsubscribe
        ? {
            url: message.listUnsubscribe.url,
            mailto:
              message.listUnsubscribe.mailto ??
              (settings.unsubscribeMailbox
                ? `mailto:${settings.unsubscribeMailbox}?subject=unsubscribe`
                : null),
          }
        : null;
      try {
        transport ??= import('nodemailer').then(({ default: nodemailer }) =>
          nodemailer.createTransport(transportOptions(config, true)),
        );
        await (await transport).sendMail({
          from: { address: settings.fromAddress, name: message.from.name ?? settings.fromName ?? '' },
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          messageId,
          attachments: (message.attachments ?? []).map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: file.content,
          })),
          ...(unsubscribe
            ? {
                // One header with both ways out (RFC 8058 one-click needs the https one), never two headers.
                headers: {
                  'List-Unsubscribe': [unsubscribe.url, unsubscribe.mailto]
                    .filter(Boolean)
                    .map((target) => `<${target}>`)
                    .join(', '),
                  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                },
              }
            : {}),
        });
        runtime.observe('ok', (performance.now() - started) / 1000);
        return { messageId };
      } catch (error) {
        const refusal = smtpFailure(error);
        const seconds = (performance.now() - started) / 1000;
        runtime.observe(
          refusal.code === 'provider_rejected' ? (refusal.retryable ? 'retryable' : 'refused') : 'error',
          seconds,
        );
        runtime.log.warn(
          {
            channel: 'email',
            providerType: 'smtp',
            providerId: runtime.providerId,
            clientId: runtime.clientId,
            code: refusal.code,
            providerCode: refusal.providerCode,
            retryable: refusal.retryable,
            reason: refusal.message,
            seconds,
          },
          'SMTP send failed',
        );
        throw refusal;
      }
    },
    async close() {
      (await transport)?.close();
    },
  };
}

/** Connects, starts TLS when offered and logs in, in that order, and says which step failed. */
export async function testSmtpConnection(config: SmtpConfig): Promise<ConnectionCheck> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({ ...transportOptions(config, false), pool: false });
  try {
    await transport.verify();
    const steps = [
      { step: 'connect', ok: true, message: `Connected to ${config.settings.host}:${config.settings.port}.` },
      {
        step: 'login',
        ok: true,
        message: config.settings.username
          ? 'Logged in.'
          : 'No login configured; the server took us as we are.',
      },
    ];
    return { ok: true, steps };
  } catch (error) {
    const failure = error as SmtpError;
    const reply = (failure.response ?? failure.message).replace(/\s+/g, ' ').slice(0, 200);
    const failedAt: Record<string, { step: string; message: string }> = {
      EDNS: { step: 'connect', message: `DNS: ${config.settings.host} could not be found.` },
      ETLS: { step: 'tls', message: `TLS could not be started: ${reply}` },
      EAUTH: { step: 'login', message: `Authentication failed: ${reply}` },
      ETIMEDOUT: { step: 'connect', message: 'The mail server did not answer in time.' },
    };
    const known = failedAt[failure.code ?? ''] ?? {
      step: 'connect',
      message: `Could not connect to ${config.settings.host}:${config.settings.port}: ${reply}`,
    };
    const steps = known.step === 'connect' ? [] : [{ step: 'connect', ok: true, message: 'Connected.' }];
    return { ok: false, steps: [...steps, { ...known, ok: false }] };
  } finally {
    transport.close();
  }
}

export const smtpProviderType: ProviderType<EmailProvider, SmtpSettings, SmtpSecret> = {
  channel: 'email',
  type: 'smtp',
  settings: SmtpSettingsSchema as unknown as z.ZodType<SmtpSettings>,
  secretFields: ['password', 'dkimPrivateKey'],
  create: createSmtpProvider,
  testConnection: testSmtpConnection,
};
