import { JITTER, jittered, nextRetryDelay, parseRetryAfter } from './retry-schedule';

describe('retry schedule', () => {
  const policy = { scheduleMs: [5_000, 300_000, 1_800_000], retryAfterMaxMs: 3_600_000 };

  it('jitters by at most ±20%', () => {
    expect(jittered(10_000, () => 0)).toBe(8_000);
    expect(jittered(10_000, () => 1)).toBe(12_000);
    expect(jittered(10_000, () => 0.5)).toBe(10_000);
    for (let i = 0; i < 1_000; i++) {
      const delay = jittered(300_000);
      expect(delay).toBeGreaterThanOrEqual(300_000 * (1 - JITTER));
      expect(delay).toBeLessThanOrEqual(300_000 * (1 + JITTER));
    }
  });

  it('walks the schedule one retry per entry, then gives up', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((attempts) => nextRetryDelay(policy, attempts, undefined, middle))).toEqual([5_000, 300_000, 1_800_000, null]);
    expect(nextRetryDelay(policy, 0)).toBeNull();
    expect(nextRetryDelay({ scheduleMs: [], retryAfterMaxMs: 0 }, 1)).toBeNull();
  });

  it("honours a receiver's Retry-After, never retrying sooner, up to the bound", () => {
    const middle = () => 0.5;
    expect(nextRetryDelay(policy, 1, 60_000, middle)).toBe(60_000);
    expect(nextRetryDelay(policy, 1, 1_000, middle)).toBe(5_000);
    expect(nextRetryDelay(policy, 1, 10 * 3_600_000, middle)).toBe(3_600_000);
    // Past the schedule the delivery is given up whatever the receiver asks.
    expect(nextRetryDelay(policy, 4, 1_000, middle)).toBeNull();
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
