import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCaller, anInterview, aQuestion, theCandidateOf } from '../../../test/factories';
import { MemoryInterviews, MemoryQuestions } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { skipQuestion } from './skip-question';

describe('skipQuestion', () => {
  const accepted = anInterview({ status: 'accepted', acceptedAt: AT });
  const question = aQuestion(accepted);
  const candidate = aCaller(theCandidateOf(accepted));
  const fixture = () => ({
    store: memoryStore({ interviews: new MemoryInterviews([accepted]), questions: new MemoryQuestions([question]) }),
    clock: new FakeClock(new Date(AT.getTime() + 60_000)),
  });

  it('marks the question skipped, which counts as answered, and touches the interview', async () => {
    const deps = fixture();

    const sut = await skipQuestion(deps, candidate, accepted.uuid, question.uuid);

    expect(sut).toMatchObject({ uuid: question.uuid, skipped: true, completed: false, updated_at: '2026-03-02T09:01:00+00:00' });
    expect(deps.store.read.interviews.stored(accepted.uuid)?.updatedAt).toEqual(deps.clock.now());
  });

  it('refuses after the due time, and before the job seeker accepted', async () => {
    const late = fixture();
    late.clock.set(accepted.scheduledAt);
    await expect(skipQuestion(late, candidate, accepted.uuid, question.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.InterviewExpired });

    const early = fixture();
    await early.store.read.interviews.update({ ...accepted, status: 'requested' });
    await expect(skipQuestion(early, candidate, accepted.uuid, question.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.NotAccepted });
    expect((await early.store.read.questions.find(accepted.uuid, question.uuid))?.skipped).toBe(false);
  });

  it('finds no question of another interview (404)', async () => {
    const elsewhere = aQuestion(anInterview());
    const deps = fixture();
    await deps.store.read.questions.insert([elsewhere]);
    await expect(skipQuestion(deps, candidate, accepted.uuid, elsewhere.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionNotFound });
  });
});
