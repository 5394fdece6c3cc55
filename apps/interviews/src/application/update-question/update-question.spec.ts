import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aQuestion, aUserOfCompany } from '../../../test/factories';
import { MemoryInterviews, MemoryQuestions } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { updateQuestion } from './update-question';

describe('updateQuestion', () => {
  const requested = anInterview();
  const question = aQuestion(requested, { text: 'Before', timeLimit: 60, takesLimit: 1 });
  const caller = aCaller(aUserOfCompany(requested.companyUuid));
  const fixture = () => ({
    store: memoryStore({ interviews: new MemoryInterviews([requested]), questions: new MemoryQuestions([question]) }),
    clock: new FakeClock(new Date(AT.getTime() + 60_000)),
  });

  it('changes only what is given', async () => {
    const sut = await updateQuestion(fixture(), caller, requested.uuid, question.uuid, { text: 'After', thinkTime: '60' });
    expect(sut).toMatchObject({ text: 'After', time_limit: 60, think_time: '60', takes: { limit: 1 }, updated_at: '2026-03-02T09:01:00+00:00' });
  });

  it('refuses once the interview is accepted, and finds no question of another interview (404)', async () => {
    const deps = fixture();
    await deps.store.read.interviews.update({ ...requested, status: 'accepted' });
    await expect(updateQuestion(deps, caller, requested.uuid, question.uuid, { text: 'After' })).rejects.toMatchObject({
      code: InterviewsErrorCode.QuestionsLocked,
    });
    await expect(updateQuestion(fixture(), caller, requested.uuid, aQuestion(anInterview()).uuid, { text: 'x' })).rejects.toMatchObject({
      code: InterviewsErrorCode.QuestionNotFound,
    });
    expect((await deps.store.read.questions.find(requested.uuid, question.uuid))?.text).toBe('Before');
  });
});
