import { FakeClock } from '@vi/platform-time';
import { VersionedPageCache } from './page-cache';

describe('VersionedPageCache', () => {
  let generation: number;
  let clock: FakeClock;
  let cache: VersionedPageCache<string>;
  beforeEach(() => {
    generation = 0;
    clock = new FakeClock();
    cache = new VersionedPageCache({ clock, sizeOf: (page) => page.length, ttlMs: 10_000, maxBytes: 100, generation: () => generation });
  });

  it('serves a page only at the version of the data it was rendered at', () => {
    const page = '[{"title":"One"}]';
    cache.store('company created_asc 0 49', 7, cache.mark(), page);
    expect(cache.has('company created_asc 0 49')).toBe(true);
    expect(cache.find('company created_asc 0 49', 7)).toBe(page);
    expect(cache.find('company created_asc 0 9', 7)).toBeUndefined();
    expect(cache.has('company created_asc 0 9')).toBe(false);
    expect(cache.find('company created_asc 0 49', 8)).toBeUndefined();
    expect(cache.has('company created_asc 0 49')).toBe(false);
  });

  it('keeps the newer of two pages rendered concurrently, and a reader at an older version does not drop it', () => {
    cache.store('a', 5, cache.mark(), 'newer');
    cache.store('a', 4, cache.mark(), 'older');
    expect(cache.find('a', 4)).toBeUndefined();
    expect(cache.find('a', 5)).toBe('newer');
    cache.store('a', 6, cache.mark(), 'newest');
    expect(cache.find('a', 6)).toBe('newest');
  });

  it('drops every page once the generation moves, and keeps none rendered under an earlier one', () => {
    cache.store('a', 1, cache.mark(), '[]');
    const mark = cache.mark();
    generation++;
    expect(cache.find('a', 1)).toBeUndefined();
    cache.store('b', 1, mark, '[]');
    expect(cache.find('b', 1)).toBeUndefined();
  });

  it('has a generation of its own that never moves when none is given', () => {
    const versioned = new VersionedPageCache<string>({ clock, sizeOf: (page) => page.length, ttlMs: 10_000, maxBytes: 100 });
    versioned.store('a', 1, versioned.mark(), '[]');
    expect(versioned.find('a', 1)).toBe('[]');
  });

  it('keeps a page for its time to live at most', () => {
    cache.store('a', 1, cache.mark(), '[]');
    clock.advance(9_999);
    expect(cache.find('a', 1)).toBeDefined();
    clock.advance(1);
    expect(cache.find('a', 1)).toBeUndefined();
  });

  it('holds at most its bytes, letting the oldest pages go first', () => {
    const forty = 'x'.repeat(39);
    cache.store('a', 1, cache.mark(), forty);
    cache.store('b', 1, cache.mark(), forty);
    cache.store('c', 1, cache.mark(), forty);
    expect([cache.find('a', 1), cache.find('b', 1), cache.find('c', 1)].map(Boolean)).toEqual([false, true, true]);
    cache.store('big', 1, cache.mark(), 'x'.repeat(200));
    expect(cache.find('big', 1)).toBeUndefined();
  });
});
