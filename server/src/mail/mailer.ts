import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Log } from '../log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The action link the mail carries, logged so a developer can follow it without a mail client. */
  link?: string;
  /** Extra headers (a digest's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL the mail goes out through nodemailer; without it each mail is written to
 * DATA_DIR/outbox as a .json file (easy to read in tests and by hand) and logged.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Log;
}): Mailer {
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          headers: mail.headers,
        });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
        return;
      }
      // Outbox mode is the laptop default: the link in the log is how a developer signs up locally.
      options.log.info(
        { to: mail.to, subject: mail.subject, link: mail.link },
        'mail written to outbox',
      );
      mkdirSync(outbox, { recursive: true });
      const file = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`;
      writeFileSync(
        path.join(outbox, file),
        JSON.stringify({ from: options.from, ...mail }, null, 2),
      );
    },
  };
}
