import type { jobs } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { MemoryJobPageCache } from './memory-job-page.cache';

describe('MemoryJobPageCache', () => {
  const pageOf = (json: string): jobs.JobPage => ({ total: 1, count: 1, items_json: Buffer.from(json) });
  let generation: number;
  let clock: FakeClock;
  let cache: MemoryJobPageCache;
  beforeEach(() => {
    generation = 0;
    clock = new FakeClock();
    cache = new MemoryJobPageCache(() => generation, clock, 10_000, 100);
  });

  it('serves a page only at the version of the jobs it was rendered at', () => {
    const page = pageOf('[{"title":"One"}]');
    cache.store('company created_asc 0 49', 7, cache.mark(), page);
    expect(cache.find('company created_asc 0 49', 7)).toBe(page);
    expect(cache.find('company created_asc 0 9', 7)).toBeUndefined();
    expect(cache.find('company created_asc 0 49', 8)).toBeUndefined();
  });

  it('drops every page once a name may have changed, and keeps none rendered with names read before the change', () => {
    cache.store('a', 1, cache.mark(), pageOf('[]'));
    const mark = cache.mark();
    generation++;
    expect(cache.find('a', 1)).toBeUndefined();
    cache.store('b', 1, mark, pageOf('[]'));
    expect(cache.find('b', 1)).toBeUndefined();
  });

  it('keeps a page for its time to live at most', () => {
    cache.store('a', 1, cache.mark(), pageOf('[]'));
    clock.advance(9_999);
    expect(cache.find('a', 1)).toBeDefined();
    clock.advance(1);
    expect(cache.find('a', 1)).toBeUndefined();
  });

  it('holds at most its bytes, letting the oldest pages go first', () => {
    const forty = pageOf('x'.repeat(39));
    cache.store('a', 1, cache.mark(), forty);
    cache.store('b', 1, cache.mark(), forty);
    cache.store('c', 1, cache.mark(), forty);
    expect([cache.find('a', 1), cache.find('b', 1), cache.find('c', 1)].map(Boolean)).toEqual([false, true, true]);
    cache.store('big', 1, cache.mark(), pageOf('x'.repeat(200)));
    expect(cache.find('big', 1)).toBeUndefined();
  });
});
