import { randomUUID } from 'node:crypto';
import { waitFor } from '@vi/platform-testing';
import WebSocket from 'ws';
import { newColleague, Browserish } from '../identity/session-helpers';
import type { SmtpInbox } from '../notifications/notification-helpers';
import type { TestSystem } from '../support/test-system';

/** Helpers of the live call specs (not a spec itself). */

/** A participant's signaling socket, as the room page opens it, for specs that speak the protocol by hand. */
export class SignalingClient {
  readonly messages: any[] = [];
  readonly id = randomUUID();
  readonly instance = randomUUID();
  closed?: { code: number; reason: string };

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse((data as Buffer).toString('utf8'))));
    ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  /** Opens the socket of an interview's call on a gateway (`http://127.0.0.1:<port>`), from that gateway's own origin unless told. */
  static async open(gateway: string, interviewUuid: string, options: { cookie?: string; origin?: string } = {}): Promise<SignalingClient> {
    const url = `${gateway.replace(/^http/, 'ws').replace(/\/v1\.0$/, '')}/v1.0/interviews/${interviewUuid}/live`;
    const ws = new WebSocket(url, { origin: options.origin ?? new URL(gateway).origin, headers: options.cookie ? { cookie: options.cookie } : {} });
    const client = new SignalingClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
      ws.once('error', reject);
    });
    return client;
  }

  send(message: Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  /** Reacts to each message as it arrives (as a page does: it offers the moment it hears of someone). */
  onMessage(handler: (message: any) => void): void {
    this.ws.on('message', (data) => handler(JSON.parse((data as Buffer).toString('utf8'))));
  }

  join(token?: string): void {
    this.send({ type: 'join', id: this.id, instance: this.instance, ...(token ? { token } : {}) });
  }

  /** The first message of `type` (matching `where`) received so far or from now on. */
  async next(type: string, where: (m: any) => boolean = () => true): Promise<any> {
    let found: any;
    await waitFor(() => (found = this.messages.find((m) => m.type === type && where(m))) !== undefined, 10_000);
    return found;
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
