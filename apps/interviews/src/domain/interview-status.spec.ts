import { InterviewsErrorCode } from './interviews.errors';
import { cancel, completeLive, reschedule, reset, scheduleProblem, statusByCompany, requireQuestionsEditable } from './interview-status';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'no error';
};

describe('interview status rules', () => {
  it('cancels anything not completed or canceled', () => {
    expect(cancel('requested')).toBe('canceled');
    expect(cancel('accepted')).toBe('canceled');
    expect(cancel('expired')).toBe('canceled');
    expect(code(() => cancel('completed'))).toBe(InterviewsErrorCode.AlreadyCompleted);
    expect(code(() => cancel('canceled'))).toBe(InterviewsErrorCode.AlreadyCanceled);
  });

  it('lets the company complete live interviews only', () => {
    expect(completeLive('live', 'requested')).toBe('completed');
    expect(completeLive('live', 'accepted')).toBe('completed');
    expect(code(() => completeLive('one_way', 'accepted'))).toBe(InterviewsErrorCode.NotLive);
    expect(code(() => completeLive('live', 'completed'))).toBe(InterviewsErrorCode.AlreadyCompleted);
  });

  it('reopens an expired interview when rescheduled', () => {
    expect(reschedule('expired')).toBe('requested');
    expect(reschedule('accepted')).toBe('accepted');
    expect(code(() => reschedule('canceled'))).toBe(InterviewsErrorCode.AlreadyCanceled);
  });

  it('resets anything but a canceled interview to requested (customer support)', () => {
    for (const status of ['requested', 'accepted', 'completed', 'expired'] as const) expect(reset(status)).toBe('requested');
    expect(code(() => reset('canceled'))).toBe(InterviewsErrorCode.AlreadyCanceled);
  });

  it('refuses any other status by PUT', () => {
    expect(code(() => statusByCompany('live', 'requested', 'accepted'))).toBe(InterviewsErrorCode.StatusNotSettable);
    expect(code(() => statusByCompany('one_way', 'requested', 'expired'))).toBe(InterviewsErrorCode.StatusNotSettable);
  });

  it('locks questions once accepted', () => {
    expect(code(() => requireQuestionsEditable('requested'))).toBe('no error');
    expect(code(() => requireQuestionsEditable('accepted'))).toBe(InterviewsErrorCode.QuestionsLocked);
  });

  it('wants a due time in the future and within a year', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(scheduleProblem(new Date('2026-11-22T09:59:59Z'), now)).toBe('must be in the future');
    expect(scheduleProblem(new Date('2027-11-22T10:00:00Z'), now)).toBeNull();
    expect(scheduleProblem(new Date('2027-11-22T10:00:01Z'), now)).toBe('must be within 1 year');
  });
});
