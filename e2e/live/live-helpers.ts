import { randomUUID } from 'node:crypto';
import { liveSocketPath, type ClientMessage, type ServerMessage } from '@vi/contracts';
import { waitFor } from '@vi/platform-testing';
import WebSocket from 'ws';
import { newColleague, Browserish } from '../identity/session-helpers';
import type { SmtpInbox } from '../notifications/notification-helpers';
import type { TestSystem } from '../support/test-system';

/** Helpers of the live call specs (not a spec itself). */

/** A server message of one type. */
export type Received<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/**
 * A participant's signaling socket, as the room page opens it, for specs that speak the protocol by hand: the
 * protocol's own types (`@vi/contracts`, decision 066), so a spec sends only what a page could send. A spec that
 * sends what no page would (a hostile participant) writes to a raw WebSocket instead.
 */
export class SignalingClient {
  readonly messages: ServerMessage[] = [];
  readonly id = randomUUID();
  readonly instance = randomUUID();
  closed?: { code: number; reason: string };

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse((data as Buffer).toString('utf8')) as ServerMessage));
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  /** Opens the socket of an interview's call on a gateway (`http://127.0.0.1:<port>`), from that gateway's own origin unless told. */
  static async open(gateway: string, interviewUuid: string, options: { cookie?: string; origin?: string } = {}): Promise<SignalingClient> {
    const url = `${gateway.replace(/^http/, 'ws').replace(/\/v1\.0$/, '')}${liveSocketPath(interviewUuid)}`;
    const ws = new WebSocket(url, { origin: options.origin ?? new URL(gateway).origin, headers: options.cookie ? { cookie: options.cookie } : {} });
    const client = new SignalingClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
      ws.once('error', reject);
    });
    return client;
  }

  send(message: ClientMessage): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Reacts to each message as it arrives (as a page does: it offers the moment it hears of someone). */
  onMessage(handler: (message: ServerMessage) => void): void {
    this.ws.on('message', (data) => handler(JSON.parse((data as Buffer).toString('utf8')) as ServerMessage));
  }

  join(token?: string): void {
    this.send({ type: 'join', id: this.id, instance: this.instance, ...(token ? { token } : {}) });
  }

  /** The messages of `type` received so far, in order. */
  all<T extends ServerMessage['type']>(type: T): Array<Received<T>> {
    return this.messages.filter((m): m is Received<T> => m.type === type);
  }

  /** The first message of `type` (matching `where`) received so far or from now on, within `timeoutMs`. */
  async next<T extends ServerMessage['type']>(type: T, where: (m: Received<T>) => boolean = () => true, timeoutMs = 10_000): Promise<Received<T>> {
    let found: Received<T> | undefined;
    await waitFor(() => (found = this.all(type).find(where)) !== undefined, timeoutMs);
    return found!;
  }

  async closedWith(): Promise<{ code: number; reason: string }> {
    await waitFor(() => this.closed !== undefined, 10_000);
    return this.closed!;
  }

  close(): void {
    this.ws.close();
  }
}

/** A signed-in company user of the company whose administrator is `admin`: their session cookie (and the browser-like client). */
export async function signedInColleague(t: TestSystem, admin: { api: TestSystem['admin'] }, inbox: SmtpInbox, email: string) {
  const { user, token } = await newColleague(admin, inbox, email);
  const browser = new Browserish(t);
  // Setting the password signs the user in (decision 026).
  expect((await browser.setPassword(token)).status).toBe(201);
  return { user, browser, cookie: browser.cookie! };
}
