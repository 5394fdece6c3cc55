import { AppError } from '@vi/platform-errors';
import {
  accommodationMessageOf,
  accommodationsOf,
  effectiveSeconds,
  effectiveTakesLimit,
  NO_ACCOMMODATIONS,
  sameAccommodations,
  utcDayOf,
} from './accommodations';
import { takesRemaining } from './interview';

/** The fields a validation error names. */
function fieldsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return (error.fieldErrors ?? []).map((e) => e.field);
    throw error;
  }
  throw new Error('no error');
}

describe('accommodations (issue 42)', () => {
  it('absent fields are the defaults on creation and stay as they are on update', () => {
    expect(accommodationsOf({})).toEqual(NO_ACCOMMODATIONS);
    const current = accommodationsOf({ timeMultiplier: 2, audioOnly: true });
    expect(accommodationsOf({ extraTakes: 3 }, current)).toEqual({ timeMultiplier: 2, unlimitedTime: false, extraTakes: 3, audioOnly: true });
    expect(sameAccommodations(accommodationsOf({}, current), current)).toBe(true);
  });

  it('refuses values out of range, naming every field', () => {
    expect(fieldsOf(() => accommodationsOf({ timeMultiplier: 0.99 }))).toEqual(['accommodations.time_multiplier']);
    expect(fieldsOf(() => accommodationsOf({ timeMultiplier: 10.01, extraTakes: 11 }))).toEqual([
      'accommodations.time_multiplier',
      'accommodations.extra_takes',
    ]);
    expect(fieldsOf(() => accommodationsOf({ extraTakes: 1.5 }))).toEqual(['accommodations.extra_takes']);
    expect(fieldsOf(() => accommodationsOf({ extraTakes: -1 }))).toEqual(['accommodations.extra_takes']);
    expect(fieldsOf(() => accommodationsOf({ timeMultiplier: Number.NaN }))).toEqual(['accommodations.time_multiplier']);
    expect(accommodationsOf({ timeMultiplier: 10, extraTakes: 10 })).toMatchObject({ timeMultiplier: 10, extraTakes: 10 });
  });

  it('multiplies limits and rounds up to whole seconds; unlimited_time removes them', () => {
    const sut = (seconds: number, timeMultiplier: number) => effectiveSeconds(seconds, { ...NO_ACCOMMODATIONS, timeMultiplier });
    expect(sut(60, 1)).toBe(60);
    expect(sut(60, 1.5)).toBe(90);
    expect(sut(45, 1.5)).toBe(68);
    // 60 × 1.1 is 66.00000000000001 in floating point: still 66 seconds.
    expect(sut(60, 1.1)).toBe(66);
    expect(sut(0, 3)).toBe(0);
    expect(sut(180, 10)).toBe(1800);
    expect(effectiveSeconds(60, { ...NO_ACCOMMODATIONS, unlimitedTime: true, timeMultiplier: 2 })).toBeNull();
  });

  it('adds extra takes; unlimited stays unlimited', () => {
    const extra = { ...NO_ACCOMMODATIONS, extraTakes: 2 };
    expect(effectiveTakesLimit(1, extra)).toBe(3);
    expect(effectiveTakesLimit(-1, extra)).toBe(-1);
    expect(takesRemaining({ takesLimit: 1, takesCompleted: 2 }, 2)).toBe(1);
    expect(takesRemaining({ takesLimit: 1, takesCompleted: 3 }, 2)).toBe(0);
    expect(takesRemaining({ takesLimit: -1, takesCompleted: 9 }, 2)).toBe(-1);
  });

  it("a request's message: trimmed plain text of 1 to 2,000 characters", () => {
    expect(accommodationMessageOf('  More time, please.\n\tThanks  ')).toBe('More time, please.\n\tThanks');
    expect(accommodationMessageOf('é'.repeat(2000))).toHaveLength(2000);
    expect(fieldsOf(() => accommodationMessageOf('   '))).toEqual(['message']);
    expect(fieldsOf(() => accommodationMessageOf('x'.repeat(2001)))).toEqual(['message']);
    expect(fieldsOf(() => accommodationMessageOf('bell\u0007'))).toEqual(['message']);
    expect(fieldsOf(() => accommodationMessageOf('esc\u001b[31m'))).toEqual(['message']);
    expect(fieldsOf(() => accommodationMessageOf('c1\u0085'))).toEqual(['message']);
  });

  it('counts requests by UTC day: the day starts and ends at UTC midnight', () => {
    expect(utcDayOf(new Date('2026-12-07T23:59:59.500Z'))).toEqual({ start: new Date('2026-12-07T00:00:00Z'), next: new Date('2026-12-08T00:00:00Z') });
    expect(utcDayOf(new Date('2026-12-31T00:00:00Z')).next).toEqual(new Date('2027-01-01T00:00:00Z'));
  });
});
