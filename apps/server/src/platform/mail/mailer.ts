import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import { newId } from '../../lib/ids.js';
import type { Database } from '../database.js';
import { mailOutbox } from './mail.tables.js';

export type MailMessage = { clientId: string; to: string; subject: string; text: string };

export type Mailer = {
  kind: 'smtp' | 'sandbox';
  send(message: MailMessage): Promise<void>;
};

/** SMTP through nodemailer when configured; otherwise the sandbox outbox table (embedded mode). */
export function createMailer(config: Pick<Config, 'smtp' | 'mailFrom'>, db: Database): Mailer {
  const { smtp } = config;
  if (!smtp) {
    return {
      kind: 'sandbox',
      async send(message) {
        await db.insert(mailOutbox).values({ id: newId(), ...message });
      },
    };
  }
  // nodemailer loads with the first mail, not on every start (issue 19 goal 4).
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
      }),
    );
  return {
    kind: 'smtp',
    async send(message) {
      transport ??= open();
      await (await transport).sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}
