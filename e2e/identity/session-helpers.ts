import type { ApiResponse } from '../support/api-client';
import type { SmtpInbox } from '../notifications/notification-helpers';
import type { TestSystem } from '../support/test-system';

/** Helpers for the web-session specs (not a spec itself): a browser's requests, done by hand. */

export const STRONG_PASSWORD = 'violet-harbour-lantern-42';

/** The token of the set-password link in an email's text. */
export function setPasswordTokenIn(text: string): string {
  const link = /(http\S+\/set-password\?token=[A-Za-z0-9_-]+)/.exec(text);
  if (!link) throw new Error(`no set-password link in: ${text}`);
  return new URL(link[1]).searchParams.get('token')!;
}

/** A company user created over the API by the administrator; their set-password email's token. */
export async function newColleague(admin: { api: TestSystem['admin'] }, inbox: SmtpInbox, email: string, role = 'standard') {
  const created = await admin.api.post('/users', { name: 'Colleague Person', email, role });
  expect(created.status).toBe(201);
  const mail = await inbox.next(email, 1, 30_000);
  return { user: created.body, token: setPasswordTokenIn(mail.text), mail };
}

/** What a browser on the gateway's own origin sends: Origin, the session cookie, and the CSRF token once known. */
export class Browserish {
  cookie?: string;
  csrf?: string;
  lastSetCookie?: string;

  constructor(
    private readonly t: TestSystem,
    readonly origin = new URL(t.baseUrl).origin,
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; origin?: string | null; csrf?: string | null } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const origin = options.origin === undefined ? this.origin : options.origin;
    if (origin !== null) headers.origin = origin;
    if (this.cookie) headers.cookie = this.cookie;
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf) headers['x-csrf-token'] = csrf;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.t.baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      this.lastSetCookie = setCookie;
      const pair = setCookie.split(';')[0];
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await response.text();
    const body = (response.headers.get('content-type') ?? '').includes('application/json') && text ? JSON.parse(text) : text;
    if (body && typeof body === 'object' && typeof body.csrf_token === 'string') this.csrf = body.csrf_token;
    return { status: response.status, headers: response.headers, body: body as T };
  }

  setPassword(token: string, password = STRONG_PASSWORD) {
    return this.request('POST', '/session/password', { body: { token, password } });
  }

  signIn(email: string, password = STRONG_PASSWORD) {
    return this.request('POST', '/session', { body: { email, password } });
  }
}
