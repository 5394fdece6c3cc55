import { parseDuration, parseDurationList } from './durations';

describe('durations', () => {
  it('reads ms, s, m, h and d, and a bare 0', () => {
    expect(['500ms', '5s', '10m', '2h', '1d', '0', ' 3s '].map(parseDuration)).toEqual([500, 5_000, 600_000, 7_200_000, 86_400_000, 0, 3_000]);
  });

  it('refuses anything else', () => {
    expect(['', '5', '1.5s', '-1s', '5 s', '2w', 's'].map(parseDuration)).toEqual(Array(7).fill(undefined));
  });

  it('reads a comma-separated schedule and refuses a list with a bad or empty item', () => {
    expect(parseDurationList('1s,1s,2s')).toEqual([1_000, 1_000, 2_000]);
    expect(parseDurationList('5s, 5m, 30m, 2h, 5h, 10h, 10h, 24h, 24h')?.reduce((a, b) => a + b, 0)).toBe((75 * 3600 + 35 * 60 + 5) * 1000);
    expect(parseDurationList('1s,,2s')).toBeUndefined();
    expect(parseDurationList('1s,soon')).toBeUndefined();
    expect(parseDurationList('')).toBeUndefined();
  });
});
