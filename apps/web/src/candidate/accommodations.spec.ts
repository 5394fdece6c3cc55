import { describe, expect, it } from '@jest/globals';
import { accommodationsOf, announcementDue, timeLimitOf } from './accommodations';
import type { CandidateInterview, CandidateQuestion } from './candidate-api';

describe('accommodations', () => {
  it('reads absent accommodations as the defaults', () => {
    expect(accommodationsOf({} as CandidateInterview)).toEqual({ time_multiplier: 1, unlimited_time: false, extra_takes: 0, audio_only: false });
  });

  it('keeps what the API sent', () => {
    const interview = { accommodations: { time_multiplier: 1.5, unlimited_time: false, extra_takes: 2, audio_only: true } } as unknown as CandidateInterview;
    expect(accommodationsOf(interview)).toEqual({ time_multiplier: 1.5, unlimited_time: false, extra_takes: 2, audio_only: true });
  });

  it('reads a null or absent time limit as none', () => {
    expect(timeLimitOf({ time_limit: null } as unknown as CandidateQuestion)).toBeNull();
    expect(timeLimitOf({} as CandidateQuestion)).toBeNull();
    expect(timeLimitOf({ time_limit: 90 } as CandidateQuestion)).toBe(90);
  });
});

describe('announcementDue', () => {
  it('announces 60, 30 and 10 seconds once each', () => {
    const announced = new Set<number>();
    const said: number[] = [];
    for (let left = 90; left > 0; left--) {
      const mark = announcementDue(left, 90, announced);
      if (mark !== undefined) {
        announced.add(mark);
        said.push(mark);
      }
    }
    expect(said).toEqual([60, 30, 10]);
  });

  it('never announces a mark at or above the limit, and skips marks jumped over', () => {
    expect(announcementDue(30, 30, new Set())).toBeUndefined();
    expect(announcementDue(8, 60, new Set())).toBe(10);
    expect(announcementDue(25, 60, new Set([60]))).toBe(30);
  });
});
