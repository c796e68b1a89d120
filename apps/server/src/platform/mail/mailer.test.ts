import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

describe('password reset mail over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let sapa: TestApp;

  beforeAll(async () => {
    // A local SMTP server speaking the real protocol: nodemailer talks to it as to any relay.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    sapa = await createTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      MAIL_FROM: 'Sapa Test <no-reply@sapa.test>',
      PUBLIC_URL: 'https://portal.example.com',
    });
  });
  afterAll(async () => {
    await sapa?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the reset link through the configured SMTP server instead of the sandbox outbox', async () => {
    const response = await sapa.app.inject({
      method: 'GET',
      url: '/api/auth/forgotPassword?email=usc@demo.test',
    });
    expect(response.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual(['usc@demo.test']);
    expect(received[0]?.raw).toContain('Subject: Reset your Sapa password');
    expect(received[0]?.raw).toContain('From: Sapa Test <no-reply@sapa.test>');
    expect(received[0]?.raw.replace(/=\r\n/g, '')).toContain(
      'https://portal.example.com/#/reset-password?token=',
    );
  });
});
