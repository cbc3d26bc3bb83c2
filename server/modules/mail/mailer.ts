import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp': handed to the configured server; 'outbox': written to files (no SMTP configured). */
  readonly delivery: 'smtp' | 'outbox';
  /** Sends one message; rejects when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

interface MailLog {
  info(object: object, message: string): void;
}

// An unreachable mail server must fail a request within seconds, not after nodemailer's two-minute default.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  return {
    delivery: 'smtp',
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/** Builds each message as a standard .eml file under `outboxDir`, so `npm start` works without a mail server. */
function outboxMailer(outboxDir: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    delivery: 'outbox',
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file, to: message.to }, 'mail kept in the local outbox (no SMTP_URL configured)');
    },
    close: () => transport.close(),
  };
}

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, else the local outbox. */
export function createMailer(config: AppConfig['mail'], log: MailLog): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.from) : outboxMailer(config.outboxDir, config.from, log);
}
