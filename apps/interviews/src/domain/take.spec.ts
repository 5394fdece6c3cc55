import { isTakeTooLong, TAKE_DURATION_TOLERANCE_SECONDS, takeDuration } from './take';

describe('take duration rules', () => {
  it('counts the measured length; the declared one only when nothing was measured', () => {
    expect(takeDuration(58.25, 12)).toBe(58.25);
    expect(takeDuration(58.25, null)).toBe(58.25);
    expect(takeDuration(null, 42.5)).toBe(42.5);
    expect(takeDuration(null, null)).toBeNull();
  });

  it('keeps two decimals, as stored', () => {
    expect(takeDuration(169.967, null)).toBe(169.97);
    expect(takeDuration(null, 0.004)).toBe(0);
  });

  it(`tolerates ${TAKE_DURATION_TOLERANCE_SECONDS} seconds past the time limit, not more`, () => {
    expect(isTakeTooLong(60, 60)).toBe(false);
    expect(isTakeTooLong(62, 60)).toBe(false);
    expect(isTakeTooLong(62.01, 60)).toBe(true);
    expect(isTakeTooLong(95, 30)).toBe(true);
  });
});
