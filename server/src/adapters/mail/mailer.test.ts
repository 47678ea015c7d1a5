import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetMail } from '../../modules/auth/reset-mail';
import { createMailer } from './mailer';

describe('SMTP mailer', () => {
  const received: { to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    // A real SMTP server process on loopback, so the whole protocol exchange is exercised.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the reset mail over SMTP with the link in text and HTML', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Studio <no-reply@studio.test>', outboxDir: '/nonexistent', logger: pino({ level: 'silent' }) });
    await mailer.send(resetMail({ to: 'ada@example.com', username: 'ada', lang: 'zh', publicUrl: 'https://studio.example', token: 'tok123' }));
    await mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['ada@example.com']);
    const raw = received[0].raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('From: Studio <no-reply@studio.test>');
    expect(raw).toContain('https://studio.example/zh/reset-password?token=tok123');
  });
});
