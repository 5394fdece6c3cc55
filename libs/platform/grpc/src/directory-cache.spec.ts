import { FakeClock } from '@vi/platform-time';
import { DirectoryCache } from './directory-cache';

describe('DirectoryCache (another service’s answers kept in this process)', () => {
  it('serves a value for its time to live, then no longer', () => {
    const clock = new FakeClock();
    const cache = new DirectoryCache<string>({ clock, ttlMs: 1_000, maxEntries: 10 });
    cache.store('a', 'Ann', cache.mark());
    clock.advance(999);
    expect(cache.get('a')).toBe('Ann');
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops an entry its service says changed, and keeps nothing a fetch read while something was dropped', () => {
    const cache = new DirectoryCache<string>({ clock: new FakeClock(), ttlMs: 60_000, maxEntries: 10 });
    cache.store('a', 'Ann', cache.mark());
    const beforeTheChange = cache.mark();
    cache.forget('a');
    expect(cache.get('a')).toBeUndefined();
    cache.store('a', 'Ann', beforeTheChange);
    cache.store('b', 'Bob', beforeTheChange);
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
    cache.store('a', 'Ann Renamed', cache.mark());
    expect(cache.get('a')).toBe('Ann Renamed');
  });

  it('holds at most maxEntries: the one past it starts afresh', () => {
    const cache = new DirectoryCache<number>({ clock: new FakeClock(), ttlMs: 60_000, maxEntries: 3 });
    for (const n of [1, 2, 3]) cache.store(String(n), n, cache.mark());
    expect([1, 2, 3].map((n) => cache.get(String(n)))).toEqual([1, 2, 3]);
    cache.store('4', 4, cache.mark());
    expect([1, 2, 3, 4].map((n) => cache.get(String(n)))).toEqual([undefined, undefined, undefined, 4]);
  });
});
