import { setInterval as nodeSetInterval, setTimeout as nodeSetTimeout } from 'node:timers';

// The environment is CommonJS that jest loads by path (jest.config.js); its timer tracking is exported beside it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { trackTimers } = require('./jest-environment') as {
  trackTimers: (
    target: { setTimeout: typeof nodeSetTimeout; setInterval: typeof nodeSetInterval },
    minCompactAt?: number,
  ) => { readonly size: number; release(): void };
};

describe("the jest environment's timer tracking", () => {
  it('clears every timeout and interval a spec file left pending when the file ends', async () => {
    const target = { setTimeout: nodeSetTimeout, setInterval: nodeSetInterval };
    const tracking = trackTimers(target);
    let fired = 0;
    target.setTimeout(() => fired++, 30);
    target.setInterval(() => fired++, 10);
    tracking.release();
    await new Promise((resolve) => nodeSetTimeout(resolve, 80));
    expect(fired).toBe(0);
  });

  it('costs each new timer O(1) on average, however many stay alive (no scan of the whole list per timer)', () => {
    const target = { setTimeout: nodeSetTimeout, setInterval: nodeSetInterval };
    const tracking = trackTimers(target, 100);
    const alive: NodeJS.Timeout[] = [];
    const deref = jest.spyOn(WeakRef.prototype, 'deref');
    try {
      for (let i = 0; i < 5_000; i++) alive.push(target.setTimeout(() => undefined, 60_000));
      // Each compaction reads every reference once, and the list doubles between compactions: under 2 reads a timer.
      // A fixed bound of 100 would read the whole list on each of the 4,900 timers past it: about 12 million.
      expect(deref.mock.calls.length).toBeLessThan(2 * alive.length);
      expect(tracking.size).toBe(alive.length);
    } finally {
      deref.mockRestore();
      tracking.release();
    }
  });
});
