import { describe, expect, it } from '@jest/globals';
import { segmentAt } from './transcript-panel';

describe('the segment playing', () => {
  const segments = [
    { start_ms: 0, end_ms: 4000, text: 'Hello.' },
    { start_ms: 4000, end_ms: 9500, text: 'I lead the coffee team.' },
    // A pause between 9.5 s and 12 s: no segment plays there.
    { start_ms: 12_000, end_ms: 15_000, text: 'Thank you.' },
  ];

  it('is the one started at or before the time and not yet ended', () => {
    expect([0, 3999, 4000, 9499, 12_000, 14_999].map((ms) => segmentAt(segments, ms))).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('is none in a pause, after the last one, before the first, or without segments', () => {
    expect(segmentAt(segments, 9500)).toBe(-1);
    expect(segmentAt(segments, 11_000)).toBe(-1);
    expect(segmentAt(segments, 15_000)).toBe(-1);
    expect(segmentAt([{ start_ms: 2000, end_ms: 3000, text: 'Late start.' }], 1000)).toBe(-1);
    expect(segmentAt([], 1000)).toBe(-1);
  });
});
