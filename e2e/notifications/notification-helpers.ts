import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitFor } from '@vi/platform-testing';
import type { ApiClient } from '../support/api-client';

/** Helpers shared by the notifications end-to-end specs (not a spec itself): real receivers on 127.0.0.1. */

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** Waits until `items()` holds at least `count` entries and returns the `count`-th; `seen` explains a timeout. */
async function nth<T>(items: () => T[], count: number, timeoutMs: number, what: string, seen: () => unknown): Promise<T> {
  try {
    await waitFor(() => items().length >= count, timeoutMs);
  } catch {
    throw new Error(`no ${what} #${count}; seen: ${JSON.stringify(seen())}`);
  }
  return items()[count - 1];
}

function closeServer(server: { close(callback: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

/** A webhook receiver: records every request and answers with `reply` (200 by default). */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Decides the answer to the n-th request (0-based) of this receiver. */
  reply: (request: ReceivedRequest, index: number) => Reply = () => ({ status: 200, body: 'ok' });
  private readonly server: Server;
  port = 0;

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const request: ReceivedRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        const answer = this.reply(request, this.requests.length);
        this.requests.push(request);
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
      });
    });
  }

  async start(): Promise<this> {
    this.port = await listen(this.server);
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  of(event: string, resourceUuid?: string): ReceivedRequest[] {
    return this.requests.filter(
      (r) =>
        r.headers['x-service-event'] === event && (resourceUuid === undefined || bodyOf(r).uuid === resourceUuid || bodyOf(r).interview_uuid === resourceUuid),
    );
  }

  /** Waits for the `count`-th request of `event` (for the resource, when given) and returns it. */
  next(event: string, resourceUuid?: string, count = 1, timeoutMs = 10_000): Promise<ReceivedRequest> {
    return nth(
      () => this.of(event, resourceUuid),
      count,
      timeoutMs,
      `${event} for ${resourceUuid}`,
      () => this.requests.map((r) => r.headers['x-service-event']),
    );
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }
}

export function bodyOf(request: ReceivedRequest): any {
  return JSON.parse(request.body);
}

/** The Standard Webhooks check a receiver does: HMAC-SHA256 of `id.timestamp.body` with the secret's bytes. */
export function signatureValid(secret: string, request: ReceivedRequest): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest();
  return String(request.headers['webhook-signature'])
    .split(' ')
    .some((candidate) => {
      const [version, value] = candidate.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** POST /webhooks, expecting 200; returns the created webhook with its secret. */
export async function createWebhook(api: ApiClient, body: Record<string, unknown>): Promise<any> {
  const created = await api.post('/webhooks', body);
  expect({ status: created.status, body: created.body }).toEqual({ status: 200, body: expect.objectContaining({ secret: expect.any(String) }) });
  return created.body;
}

export async function webhookStatus(api: ApiClient, uuid: string): Promise<any> {
  const read = await api.get(`/webhooks/${uuid}`);
  expect(read.status).toBe(200);
  return read.body;
}

export interface ReceivedEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Its iCalendar parts (`text/calendar`): the METHOD their MIME type names, and the `.ics` text. */
  calendars: Array<{ method: string | null; content: string }>;
}

/** A local SMTP server (no TLS, no auth) that parses every message it receives. */
export class SmtpInbox {
  readonly messages: ReceivedEmail[] = [];
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
            this.messages.push({
              from: mail.from?.text ?? '',
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              calendars: mail.attachments
                .filter((a) => a.contentType === 'text/calendar')
                .map((a) => ({
                  method: (a.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.method ?? null,
                  content: a.content.toString('utf8'),
                })),
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): ReceivedEmail[] {
    return this.messages.filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
  }

  next(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedEmail> {
    return nth(
      () => this.to(address),
      count,
      timeoutMs,
      `email to ${address}`,
      () => this.messages.map((m) => [m.to, m.subject]),
    );
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }
}

export interface ReceivedSms {
  accountSid: string;
  auth: string | undefined;
  to: string;
  from: string;
  body: string;
  /** `I-Twilio-Idempotency-Token`: the same on every attempt at one message. */
  idempotencyToken: string | undefined;
  /** The status it was answered with. */
  status: number;
  at: number;
}

/** A Twilio-like SMS API: `POST /2010-04-01/Accounts/<sid>/Messages.json` with a form body. */
export class SmsEndpoint {
  readonly messages: ReceivedSms[] = [];
  /** The status for the n-th request (1-based): 201 unless a test makes the provider fail. */
  reply: (n: number) => number = () => 201;
  private readonly server: Server;
  port = 0;

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
        if (req.method !== 'POST' || !match) {
          res.writeHead(404).end();
          return;
        }
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const status = this.reply(this.messages.length + 1);
        this.messages.push({
          accountSid: decodeURIComponent(match[1]),
          auth: req.headers.authorization,
          to: form.get('To') ?? '',
          from: form.get('From') ?? '',
          body: form.get('Body') ?? '',
          idempotencyToken: req.headers['i-twilio-idempotency-token'] as string | undefined,
          status,
          at: Date.now(),
        });
        if (status !== 201) {
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20500, message: 'Internal Server Error' }));
          return;
        }
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${this.messages.length}`, status: 'queued' }));
      });
    });
  }

  async start(): Promise<this> {
    this.port = await listen(this.server);
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  to(phone: string): ReceivedSms[] {
    return this.messages.filter((m) => m.to === phone);
  }

  next(phone: string, count = 1, timeoutMs = 10_000): Promise<ReceivedSms> {
    return nth(
      () => this.to(phone),
      count,
      timeoutMs,
      `SMS to ${phone}`,
      () => this.messages.map((m) => [m.to, m.body]),
    );
  }

  close(): Promise<void> {
    return closeServer(this.server);
  }
}

/** A new E.164 number per call, so tests never see each other's SMS. */
let phones = 0;
export function testPhone(): string {
  phones += 1;
  return `+1415555${String(1000 + phones)}`;
}
