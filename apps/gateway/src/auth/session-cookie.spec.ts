import type { Request, Response } from 'express';
import { assertNotForged, clearSessionCookie, csrfTokenFor, sessionIdFrom, setSessionCookie, type SessionCookieSettings } from './session-cookie';

const https: SessionCookieSettings = { secure: true, allowedOrigins: ['https://watch.example'] };
const http: SessionCookieSettings = { secure: false, allowedOrigins: [] };

function request(method: string, headers: Record<string, string>, protocol = 'https'): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { method, protocol, headers: lower, get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
}

function response(): Response & { cookies: string[] } {
  const cookies: string[] = [];
  return { cookies, append: (_name: string, value: string) => void cookies.push(value) } as unknown as Response & { cookies: string[] };
}

describe('session cookie', () => {
  it('is __Host- prefixed and Secure when the site is https, HttpOnly and SameSite=Lax always', () => {
    const sut = response();
    setSessionCookie(sut, https, 'abc', new Date(Date.now() + 3600_000));
    expect(sut.cookies[0]).toMatch(/^__Host-vi_session=abc; Path=\/; Max-Age=3(599|600); HttpOnly; SameSite=Lax; Secure$/);
    clearSessionCookie(sut, http);
    expect(sut.cookies[1]).toBe('vi_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
  });

  it('reads only its own cookie, and only a well-formed value', () => {
    expect(sessionIdFrom(request('GET', { cookie: 'a=1; __Host-vi_session=Zx_9-; b=2' }), https)).toBe('Zx_9-');
    expect(sessionIdFrom(request('GET', { cookie: 'vi_session=Zx_9-' }), https)).toBeUndefined();
    expect(sessionIdFrom(request('GET', { cookie: 'vi_session=a"b' }), http)).toBeUndefined();
  });

  it("lets reads through, and a change only from our origins with the session's own CSRF token", () => {
    const token = csrfTokenFor('session-1');
    expect(token).not.toBe(csrfTokenFor('session-2'));
    expect(() => assertNotForged(request('GET', {}), https, 'session-1')).not.toThrow();
    const own = { host: 'app.example', origin: 'https://app.example', 'x-csrf-token': token };
    expect(() => assertNotForged(request('POST', own), https, 'session-1')).not.toThrow();
    expect(() => assertNotForged(request('PUT', { ...own, origin: 'https://watch.example' }), https, 'session-1')).not.toThrow();
    expect(() => assertNotForged(request('POST', { ...own, origin: 'https://evil.example' }), https, 'session-1')).toThrow(
      expect.objectContaining({ code: 'api.origin_not_allowed' }),
    );
    expect(() => assertNotForged(request('POST', { ...own, origin: 'http://app.example' }), https, 'session-1')).toThrow(
      expect.objectContaining({ code: 'api.origin_not_allowed' }),
    );
    expect(() => assertNotForged(request('DELETE', own), https, 'session-2')).toThrow(expect.objectContaining({ code: 'api.csrf_token_invalid' }));
    const { 'x-csrf-token': _missing, ...withoutToken } = own;
    expect(() => assertNotForged(request('POST', withoutToken), https, 'session-1')).toThrow(expect.objectContaining({ code: 'api.csrf_token_invalid' }));
  });
});
