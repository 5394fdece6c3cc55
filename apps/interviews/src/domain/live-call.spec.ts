import { InterviewsError, InterviewsErrorCode } from './interviews.errors';
import { accept, actionableUntil } from './interview-status';
import { requireJoinable } from './live-call';

describe('live call rules', () => {
  const scheduledAt = new Date('2026-03-02T10:00:00+00:00');
  const minutes = (n: number) => new Date(scheduledAt.getTime() + n * 60_000);
  const code = (f: () => unknown) => {
    try {
      f();
      return undefined;
    } catch (error) {
      return (error as InterviewsError).code;
    }
  };
  const live = { type: 'live' as const, status: 'accepted' as const, scheduledAt };

  it('opens the room 15 minutes before the start and closes it 3 hours after', () => {
    expect(code(() => requireJoinable(live, minutes(-16)))).toBe(InterviewsErrorCode.JoinNotOpen);
    expect(code(() => requireJoinable(live, minutes(-15)))).toBeUndefined();
    expect(code(() => requireJoinable({ ...live, status: 'requested' }, minutes(179)))).toBeUndefined();
    expect(code(() => requireJoinable(live, minutes(180)))).toBe(InterviewsErrorCode.InterviewExpired);
  });

  it('refuses a canceled, completed, expired or one-way interview, each with its own code', () => {
    expect(code(() => requireJoinable({ ...live, status: 'canceled' }, scheduledAt))).toBe(InterviewsErrorCode.AlreadyCanceled);
    expect(code(() => requireJoinable({ ...live, status: 'completed' }, scheduledAt))).toBe(InterviewsErrorCode.AlreadyCompleted);
    expect(code(() => requireJoinable({ ...live, status: 'expired' }, scheduledAt))).toBe(InterviewsErrorCode.InterviewExpired);
    expect(code(() => requireJoinable({ ...live, type: 'one_way' }, scheduledAt))).toBe(InterviewsErrorCode.NotLive);
  });

  it('keeps a live interview actionable until its window closes, a one-way one until its due time', () => {
    expect(actionableUntil('live', scheduledAt)).toEqual(minutes(180));
    expect(actionableUntil('one_way', scheduledAt)).toEqual(scheduledAt);
    expect(accept('live', 'requested', scheduledAt, minutes(30))).toBe('accepted');
    expect(code(() => accept('one_way', 'requested', scheduledAt, minutes(30)))).toBe(InterviewsErrorCode.InterviewExpired);
  });
});
