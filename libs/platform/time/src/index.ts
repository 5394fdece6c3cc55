/**
 * RFC 3339 timestamps with a numeric offset (`+00:00`, never `Z`), the only
 * format the API emits.
 */
export function toRfc3339(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Not a valid date: ${String(value)}`);
  }
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** Like toRfc3339 but passes null/undefined through as null. */
export function toRfc3339OrNull(value: Date | string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : toRfc3339(value);
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** Parses an RFC 3339 timestamp (any offset, or Z); returns null when malformed. */
export function parseRfc3339(value: string): Date | null {
  if (!RFC3339.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
