import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
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
 *
 * The message is nodemailer's own MIME (its `MailComposer`, the composer `sendMail` uses), built without the
 * transport around it (decision 054): a stream transport's `sendMail` ran the plugin chain, a second newline stream
 * and a pipeline per stage for each email, and its Message-ID and boundary took six `randomBytes` calls. Here the
 * Message-ID (nodemailer's form, `<uuid@domain of From>`) and the boundary's random part come from one `randomUUID`,
 * the CRLF line breaks become LF as nodemailer's `newline: 'unix'` makes them (every CR byte dropped), and the file
 * is written with one callback `writeFile` (no `FileHandle` nor promise per step).
 */
class EmlFileMailer implements ClosableMailer {
  /** The domain of the Message-ID: nodemailer's choice (the From address's), worked out once. */
  private readonly idDomain: string;

  constructor(
    private readonly from: string,
    private readonly dir: string,
    private readonly logger: Logger,
  ) {
    this.idDomain = messageIdDomain(from);
  }

  async send(email: OutgoingEmail): Promise<void> {
    const id = randomUUID();
    const message = withoutCr(
      await compose({ ...mailOf(this.from, email), messageId: `<${id}@${this.idDomain}>`, baseBoundary: id.replace(/-/g, '').slice(0, 16) }),
    );
    const path = resolve(join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${email.kind}-${id.slice(0, 8)}.eml`));
    // The folder is made when a write finds it missing (the first one, or after someone emptied it away), not before
    // every email: a mkdir per invitation was 3–4 % of this service's busy time in a bulk invitation (bench/README.md).
    await write(path, message).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(this.dir, { recursive: true });
      await write(path, message);
    });
    this.logger.info({ path, kind: email.kind }, 'email written to a file (SMTP_URL is not set)');
  }

  close(): void {
    // Nothing held open: each email is composed and written on its own.
  }
}

/** `baseBoundary` is read by MailComposer (the random part of each multipart boundary) but missing from its types. */
function compose(mail: SendMailOptions & { baseBoundary: string }): Promise<Buffer> {
  return new Promise((done, fail) => new MailComposer(mail).compile().build((error, message) => (error ? fail(error) : done(message))));
}

/** What nodemailer's `newline: 'unix'` transform does (its `LeUnix`): every CR byte dropped, so CRLF becomes LF. */
function withoutCr(message: Buffer): Buffer {
  let at = message.indexOf(13);
  if (at < 0) return message;
  const out = Buffer.allocUnsafe(message.length);
  let length = message.copy(out, 0, 0, at);
  for (let from = at + 1; from < message.length; from = at + 1) {
    at = message.indexOf(13, from);
    if (at < 0) at = message.length;
    length += message.copy(out, length, from, at);
  }
  return out.subarray(0, length);
}

function write(path: string, message: Buffer): Promise<void> {
  return new Promise((done, fail) => writeFile(path, message, { mode: 0o600 }, (error) => (error ? fail(error) : done())));
}

/** As nodemailer picks it for a Message-ID it makes: the domain of the From address ("Name <a@b.example>" → b.example). */
export function messageIdDomain(from: string): string {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  return address.split('@').pop()!.trim() || 'localhost';
}

export function createMailer(options: { smtpUrl?: string; from: string; mailDir: string; logger: Logger }): ClosableMailer {
  if (options.smtpUrl) return new SmtpMailer(options.smtpUrl, options.from);
  options.logger.info({ dir: resolve(options.mailDir) }, 'SMTP_URL is not set: emails are written as .eml files');
  return new EmlFileMailer(options.from, options.mailDir, options.logger);
}
