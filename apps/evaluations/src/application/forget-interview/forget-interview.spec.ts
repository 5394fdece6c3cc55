import { InterviewsSubjects } from '@vi/contracts';
import type { BusMessage } from '@vi/platform-bus';
import { aComment, aDecision, anEvaluation } from '../../../test/factories';
import { evaluationsWorld } from '../../../test/fakes';
import { forgetInterview } from './forget-interview';

describe('forgetInterview', () => {
  let world: ReturnType<typeof evaluationsWorld>;
  const event = (subject: string, interviewUuid: string): BusMessage => ({
    id: `event-${subject}-${interviewUuid}`,
    subject,
    payload: { interview: { uuid: interviewUuid, company: { uuid: world.company } } },
    occurredAt: '2026-03-01T09:59:00+00:00',
  });

  beforeEach(() => {
    world = evaluationsWorld();
  });

  it.each([InterviewsSubjects.InterviewDeleted, InterviewsSubjects.InterviewReset])(
    "removes the interview's evaluations, comments and decision on %s, and nothing of another interview",
    async (subject) => {
      const [gone, kept] = ['gone-interview', 'kept-interview'];
      for (const interviewUuid of [gone, kept]) {
        await world.evaluations.insertIfAbsent(anEvaluation({ companyUuid: world.company, interviewUuid }));
        await world.comments.insert(aComment({ companyUuid: world.company, interviewUuid }));
        await world.decisions.save(aDecision({ companyUuid: world.company, interviewUuid }));
      }
      await forgetInterview(world, event(subject, gone));

      expect(await world.evaluations.listOf(world.company, gone)).toEqual([]);
      expect(await world.comments.listOf(world.company, gone)).toEqual([]);
      expect(await world.decisions.find(world.company, gone)).toBeUndefined();
      expect(await world.evaluations.listOf(world.company, kept)).toHaveLength(1);
      expect(await world.comments.listOf(world.company, kept)).toHaveLength(1);
      expect(await world.decisions.find(world.company, kept)).toBeDefined();
    },
  );

  it('does its work once per event: a redelivery after a new evaluation leaves that evaluation', async () => {
    const message = event(InterviewsSubjects.InterviewReset, 'reset-interview');
    await forgetInterview(world, message);
    await world.evaluations.insertIfAbsent(anEvaluation({ companyUuid: world.company, interviewUuid: 'reset-interview' }));
    await forgetInterview(world, message);
    expect(await world.evaluations.listOf(world.company, 'reset-interview')).toHaveLength(1);
  });
});
