import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { newId } from '../../lib/ids';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. The default writes .eml files to the outbox folder; SMTP_URL selects real mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: { smtpUrl: string | null; from: string; outboxDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) return createSmtpMailer(options.smtpUrl, options.from);
  return createOutboxMailer(options.outboxDir, options.from, options.logger);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

function createOutboxMailer(outboxDir: string, from: string, logger: Logger): Mailer {
  // nodemailer's stream transport builds a real RFC 5322 message, so the outbox holds what SMTP would send.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // A reset mail holds a live link: the outbox is for this user alone.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, `${newId()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
    async close() {
      transport.close();
    },
  };
}
