import { FakeClock, parseRfc3339, systemClock, toRfc3339, toRfc3339OrNull } from './index';

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

describe('parseRfc3339 on dates the calendar does not have', () => {
  it('refuses days past the end of the month, hour 24, minute or second 60 and offsets out of range', () => {
    for (const value of [
      '2026-02-30T10:00:00+00:00',
      '2026-02-29T10:00:00+00:00',
      '2026-04-31T10:00:00Z',
      '2026-00-10T10:00:00Z',
      '2026-01-00T10:00:00Z',
      '2026-11-22T24:00:00+00:00',
      '2026-11-22T10:60:00+00:00',
      '2026-11-22T10:00:60+00:00',
      '2026-11-22T10:00:00+24:00',
      '2026-11-22T10:00:00+01:60',
    ]) {
      expect({ value, parsed: parseRfc3339(value) }).toEqual({ value, parsed: null });
    }
  });

  it('accepts the last day of each month, leap days and extreme offsets', () => {
    expect(parseRfc3339('2028-02-29T23:59:59.999+00:00')?.toISOString()).toBe('2028-02-29T23:59:59.999Z');
    expect(parseRfc3339('2026-12-31T23:59:59-23:59')?.toISOString()).toBe('2027-01-01T23:58:59.000Z');
    expect(parseRfc3339('2026-04-30T00:00:00z')).not.toBeNull();
  });
});

describe('FakeClock', () => {
  it('stands still until moved, and moves exactly as told', () => {
    const sut = new FakeClock('2026-11-24T10:00:00+00:00');
    expect(toRfc3339(sut.now())).toBe('2026-11-24T10:00:00+00:00');
    expect(toRfc3339(sut.now())).toBe('2026-11-24T10:00:00+00:00');
    expect(toRfc3339(sut.advance(90_000))).toBe('2026-11-24T10:01:30+00:00');
    expect(toRfc3339(sut.set('2027-01-01T00:00:00+00:00'))).toBe('2027-01-01T00:00:00+00:00');
  });

  it('hands out copies, so a caller cannot move time by mutating a Date', () => {
    const sut = new FakeClock('2026-11-24T10:00:00+00:00');
    sut.now().setFullYear(2000);
    expect(toRfc3339(sut.now())).toBe('2026-11-24T10:00:00+00:00');
  });
});

describe('systemClock', () => {
  it('reads the real time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });
});

describe('toRfc3339 at the edges of the calendar', () => {
  it('renders years before 1000 and after 9999 with the same offset rule', () => {
    expect(toRfc3339(new Date('0999-01-02T03:04:05.678Z'))).toBe('0999-01-02T03:04:05+00:00');
    expect(toRfc3339(new Date('+010000-01-01T00:00:00.000Z'))).toBe('+010000-01-01T00:00:00+00:00');
  });
});
