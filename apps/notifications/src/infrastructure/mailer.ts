import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Logger } from '@vi/platform-logger';
import type { Mailer, OutgoingEmail } from '../application/ports';

export interface ClosableMailer extends Mailer {
  close(): void;
}

/**
 * The nodemailer message. A calendar invitation goes as nodemailer's `icalEvent`: a `text/calendar; method=…`
 * alternative, which mail clients show as an invitation to accept or a cancellation to apply, named as a file too.
 */
function mailOf(from: string, email: OutgoingEmail): SendMailOptions {
  return {
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    ...(email.calendar
      ? {
          icalEvent: {
            method: email.calendar.method,
            content: email.calendar.content,
            filename: email.calendar.method === 'CANCEL' ? 'cancellation.ics' : 'invitation.ics',
          },
        }
      : {}),
  };
}

/** Email over SMTP (`SMTP_URL`) with nodemailer. */
class SmtpMailer implements ClosableMailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(email: OutgoingEmail): Promise<void> {
    await this.transport.sendMail(mailOf(this.from, email));
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * Without SMTP: each message is written as an `.eml` file (the complete MIME
 * message, text and HTML parts) that a local user can open, and its path is logged.
 */
class EmlFileMailer implements ClosableMailer {
  private readonly transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly from: string,
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  async send(email: OutgoingEmail): Promise<void> {
    const info = (await this.transport.sendMail(mailOf(this.from, email))) as {
      message: Buffer;
    };
    const path = resolve(join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${email.kind}-${randomUUID().slice(0, 8)}.eml`));
    // The folder is made when a write finds it missing (the first one, or after someone emptied it away), not before
    // every email: a mkdir per invitation was 3–4 % of this service's busy time in a bulk invitation (bench/README.md).
    await writeFile(path, info.message, { mode: 0o600 }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(this.dir, { recursive: true });
      await writeFile(path, info.message, { mode: 0o600 });
    });
    this.logger.info({ path, kind: email.kind }, 'email written to a file (SMTP_URL is not set)');
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(options: { smtpUrl?: string; from: string; mailDir: string; logger: Logger }): ClosableMailer {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.from);
  options.logger.info({ dir: resolve(options.mailDir) }, 'SMTP_URL is not set: emails are written as .eml files');
  return new EmlFileMailer(options.from, options.mailDir, options.logger);
}
