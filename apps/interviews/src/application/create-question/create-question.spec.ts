import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aQuestion, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryQuestions } from '../../../test/fakes';
import type { Interview } from '../../domain/interview';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { createQuestion } from './create-question';

describe('createQuestion', () => {
  const fixture = (interview: Interview) => ({
    store: memoryStore({ interviews: new MemoryInterviews([interview]), questions: new MemoryQuestions([aQuestion(interview)]) }),
    clock: new FakeClock(new Date(AT.getTime() + 60_000)),
  });
  const input = { text: 'What did you build last?', timeLimit: 90, takes: 2 };

  it('adds the question last, with the default think time, while the interview is requested', async () => {
    const requested = anInterview();
    const deps = fixture(requested);

    const sut = await createQuestion(deps, aCaller(aUserOfCompany(requested.companyUuid)), requested.uuid, input);

    expect(sut).toMatchObject({
      text: 'What did you build last?',
      time_limit: 90,
      think_time: '30',
      takes: { completed: 0, remaining: 2, limit: 2 },
      created_at: '2026-03-02T09:01:00+00:00',
    });
    expect((await deps.store.read.questions.listFor([requested.uuid])).get(requested.uuid)?.map((q) => q.position)).toEqual([0, 1]);
    expect(deps.store.read.interviews.stored(requested.uuid)?.updatedAt).toEqual(deps.clock.now());
  });

  it('refuses once the job seeker accepted (questions locked), and a think time not on the list', async () => {
    const accepted = anInterview({ status: 'accepted' });
    await expect(createQuestion(fixture(accepted), aCaller(aUserOfCompany(accepted.companyUuid)), accepted.uuid, input)).rejects.toMatchObject({
      code: InterviewsErrorCode.QuestionsLocked,
    });
    const requested = anInterview();
    const deps = fixture(requested);
    await expect(createQuestion(deps, aCaller(aUserOfCompany(requested.companyUuid)), requested.uuid, { ...input, thinkTime: '20' })).rejects.toMatchObject({
      fieldErrors: [expect.objectContaining({ field: 'think_time' })],
    });
    expect((await deps.store.read.questions.listFor([requested.uuid])).get(requested.uuid)).toHaveLength(1);
  });
});
