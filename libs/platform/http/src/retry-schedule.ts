/** ±20% around each scheduled delay, so receivers recovering from an outage are not hit by every retry at once. */
export const JITTER = 0.2;

export function jittered(delayMs: number, random: () => number = Math.random): number {
  return Math.round(delayMs * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * A `Retry-After` header (seconds, or an HTTP date) as milliseconds from `now`;
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

export interface RetryPolicy {
  /** Delays between attempts: the first attempt is immediate, then one retry per entry. */
  scheduleMs: number[];
  /** The longest wait a receiver's `Retry-After` can impose. */
  retryAfterMaxMs: number;
}

/**
 * How long to wait before the next attempt after `attemptsMade` failed
 * attempts, or null when the schedule is used up. A receiver's `Retry-After`
 * is honoured (never retried sooner) up to `retryAfterMaxMs`.
 */
export function nextRetryDelay(policy: RetryPolicy, attemptsMade: number, retryAfterMs?: number, random: () => number = Math.random): number | null {
  const index = attemptsMade - 1;
  if (index < 0 || index >= policy.scheduleMs.length) return null;
  const scheduled = jittered(policy.scheduleMs[index], random);
  if (retryAfterMs === undefined) return scheduled;
  return Math.max(scheduled, Math.min(retryAfterMs, policy.retryAfterMaxMs));
}
