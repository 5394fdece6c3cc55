import { describe, expect, it } from '@jest/globals';
import { safeNext } from './session-api';

describe('safeNext', () => {
  const origin = 'https://app.example';
  const sut = (next: string | null) => safeNext(next, origin);

  it('keeps a page of this site, its query and fragment', () => {
    expect(sut('/interview/1b2c/watch')).toBe('/interview/1b2c/watch');
    expect(sut('/interviews?status=completed#top')).toBe('/interviews?status=completed#top');
    expect(sut('https://app.example/jobs')).toBe('/jobs');
  });

  it.each([
    ['a tab the browser strips', '/\t/evil.example/x'],
    ['a newline the browser strips', '/\n/evil.example/x'],
    ['a carriage return', '/\r/evil.example/x'],
    ['protocol-relative', '//evil.example/x'],
    ['a backslash read as a slash', '/\\evil.example/x'],
    ['backslashes only', '\\\\evil.example'],
    ['leading spaces', '  //evil.example'],
    ['a full URL', 'https://evil.example/x'],
    ['our host on another scheme', 'http://app.example/x'],
    ['our host on another port', 'https://app.example:8443/x'],
    ['a script', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['a dot segment before two slashes', '/.//evil.example/x'],
    ['an encoded dot segment before two slashes', '/%2e//evil.example/x'],
    ['a double-dot segment before two slashes', '/a/..//evil.example/x'],
    ['dot segments before a backslash', '/a/../\\evil.example/x'],
    ['an encoded double dot before two slashes', '/%2e%2e//evil.example/x'],
    ['a dot segment with a tab', '/.\t//evil.example/x'],
  ])('refuses %s and returns to the interviews list', (_label: string, next: string) => {
    expect(sut(next)).toBe('/interviews');
  });

  it('keeps a path whose dot segments resolve to a page of this site', () => {
    expect(sut('/a/../interviews')).toBe('/interviews');
    expect(sut('/./jobs')).toBe('/jobs');
    expect(sut('/interview/1b2c/watch?next=//evil.example')).toBe('/interview/1b2c/watch?next=//evil.example');
  });

  it.each(['/.//evil.example/x', '/%2e//evil.example/x', '/a/..//evil.example/x', '/\t/evil.example/x'])(
    'never hands the browser an address of another host: %s',
    (next: string) => {
      expect(new URL(sut(next), origin).origin).toBe(origin);
    },
  );

  it('returns to the interviews list when there is no next', () => {
    expect(sut(null)).toBe('/interviews');
    expect(sut('')).toBe('/interviews');
  });
});
