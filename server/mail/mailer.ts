import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../env';

/**
 * Outgoing mail. With SMTP_HOST set, messages go out over SMTP (nodemailer). Without it (the
 * embedded default) each message is composed exactly as it would be sent and written as an
 * `.eml` file under DATA_DIR/mail, and its path is logged, so a newcomer can still open the
 * password-reset mail in any mail program and follow the link.
 */

/** A file the mail carries, read from `path` when it is sent. */
export type MailAttachment = { filename: string; path: string; contentType: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The Message-ID header, `<id@domain>`; nodemailer makes one when absent. */
  messageId?: string;
  attachments?: MailAttachment[];
};

export type SentMail = { messageId?: string; file?: string };

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export type MailerConfig = Pick<Env, 'smtp' | 'mailFrom' | 'mailDir'>;

export function createMailer(config: MailerConfig, log: (line: string) => void = console.log): Mailer {
  return config.smtp ? smtpMailer(config, config.smtp) : fileMailer(config, log);
}

function smtpMailer(config: MailerConfig, smtp: NonNullable<Env['smtp']>): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    // Connections are kept and reused: opening one costs ~100 ms even on loopback (and a TLS
    // handshake on top with a real relay); the message outbox sends thousands in a row.
    pool: true,
    maxConnections: 2,
    // A mail server that does not answer fails the send within seconds (the outbox retries later).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function fileMailer(config: MailerConfig, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await mkdir(config.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.mailDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written under a temporary name and renamed, so nobody ever opens half a message.
      await writeFile(`${file}.part`, info.message as Buffer);
      await rename(`${file}.part`, file);
      log(`[mail] no SMTP_HOST configured: wrote "${mail.subject}" for ${mail.to} to ${file}`);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
