const UNITS_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d+)(ms|s|m|h|d)?$/;

/** `500ms`, `5s`, `10m`, `2h`, `1d` (or a bare `0`) in milliseconds; undefined when malformed. */
export function parseDuration(value: string): number | undefined {
  const match = DURATION.exec(value.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  const unit = match[2] as keyof typeof UNITS_MS | undefined;
  if (!unit) return amount === 0 ? 0 : undefined;
  return amount * UNITS_MS[unit];
}

/** A comma-separated list of durations (`1s,1s,2s`); undefined when any item is malformed or the list is empty. */
export function parseDurationList(value: string): number[] | undefined {
  const items = value.split(',').map((item) => item.trim());
  if (items.length === 0 || items.some((item) => item === '')) return undefined;
  const durations = items.map(parseDuration);
  return durations.every((d): d is number => d !== undefined) ? durations : undefined;
}
