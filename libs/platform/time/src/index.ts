/**
 * RFC 3339 timestamps with a numeric offset (`+00:00`, never `Z`), the only
 * format the API emits.
 */
export function toRfc3339(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Not a valid date: ${String(value)}`);
  }
  const iso = date.toISOString();
  // Years 0–9999 always give `YYYY-MM-DDTHH:mm:ss.sssZ`: cutting is cheaper than a regex on the list hot paths.
  return iso.length === 24 ? `${iso.slice(0, 19)}+00:00` : iso.replace(/\.\d{3}Z$/, '+00:00');
}

/** Like toRfc3339 but passes null/undefined through as null. */
export function toRfc3339OrNull(value: Date | string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : toRfc3339(value);
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/i;

/**
 * Parses an RFC 3339 date-time (any offset, or Z); null when malformed or not a real instant: every field is
 * range-checked against the calendar, so 2026-02-30 or 24:00 is refused instead of rolling over to the next day
 * the way `Date` does. A leap second (:60) is refused too: `Date` cannot hold one.
 */
export function parseRfc3339(value: string): Date | null {
  const match = RFC3339.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const [offsetHours, offsetMinutes] = [Number(match[10] ?? 0), Number(match[11] ?? 0)];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const valid =
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 23 && offsetMinutes <= 59;
  if (!valid) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The clock port: every rule that depends on the time of day reads it from a Clock handed to it, never from
 * `new Date()`, so that a test can move time forward instead of sleeping (decision 027).
 */
export interface Clock {
  now(): Date;
}

/** The real clock, for production wiring. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move by hand; it never moves by itself. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date | string = '2026-01-01T00:00:00+00:00') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves time forward (or back, with a negative amount) by `ms`. */
  advance(ms: number): Date {
    this.current += ms;
    return this.now();
  }

  set(at: Date | string): Date {
    this.current = new Date(at).getTime();
    return this.now();
  }
}
