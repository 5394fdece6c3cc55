import { parseRfc3339, toRfc3339, toRfc3339OrNull } from './index';

describe('toRfc3339', () => {
  it('renders UTC with a numeric offset and no milliseconds', () => {
    expect(toRfc3339(new Date('2026-11-22T10:00:00.123Z'))).toBe('2026-11-22T10:00:00+00:00');
  });

  it('accepts strings and passes null through', () => {
    expect(toRfc3339('2026-01-02T03:04:05+02:00')).toBe('2026-01-02T01:04:05+00:00');
    expect(toRfc3339OrNull(null)).toBeNull();
  });

  it('rejects an invalid date', () => {
    expect(() => toRfc3339('nope')).toThrow(RangeError);
  });
});

describe('parseRfc3339', () => {
  it('parses offsets and Z, rejects loose formats', () => {
    expect(parseRfc3339('2026-11-22T10:00:00+01:00')?.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    expect(parseRfc3339('2026-11-22T10:00:00Z')).not.toBeNull();
    expect(parseRfc3339('2026-11-22 10:00')).toBeNull();
    expect(parseRfc3339('2026-13-40T10:00:00Z')).toBeNull();
  });
});
