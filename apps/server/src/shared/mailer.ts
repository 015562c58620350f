import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailLog } from '../db/schema.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** What the message is for, e.g. 'verify', 'reset', 'contact'. */
  kind: string;
  /** The link the message carries, logged in outbox mode so a local user can follow it. */
  link?: string;
}

export interface Mailer {
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * Real SMTP through nodemailer when SMTP_URL is set; otherwise every message is written as an
 * .eml file to the outbox folder and its link is printed in the log (the embedded default).
 */
export function createMailer(opts: MailerOptions): Mailer {
  const smtp: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const file = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function deliver(message: MailMessage): Promise<void> {
    const envelope = {
      from: opts.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
    };
    if (smtp) {
      await smtp.sendMail(envelope);
      return;
    }
    const info = (await file.sendMail(envelope)) as { message: Buffer };
    await fs.mkdir(opts.outboxDir, { recursive: true });
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.kind}-${safeTo}.eml`;
    await fs.writeFile(path.join(opts.outboxDir, name), info.message);
    opts.log.info(
      { to: message.to, kind: message.kind, link: message.link, file: name },
      `mail written to outbox: ${message.subject}${message.link ? ` → ${message.link}` : ''}`,
    );
  }

  return {
    configured: smtp !== null,
    async send(message) {
      try {
        await deliver(message);
        await opts.db
          .insert(mailLog)
          .values({ to: message.to, subject: message.subject, kind: message.kind, status: 'sent' });
      } catch (err) {
        await opts.db
          .insert(mailLog)
          .values({
            to: message.to,
            subject: message.subject,
            kind: message.kind,
            status: 'failed',
            error: String(err),
          })
          .catch(() => {});
        throw err;
      }
    },
  };
}
