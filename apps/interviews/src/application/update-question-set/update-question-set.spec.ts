import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCompanyUser, anInterview, aQuestionSet, aQuestionSetQuestion, theCandidateOf } from '../../../test/factories';
import { MemoryQuestionSets } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { updateQuestionSet } from './update-question-set';

describe('updateQuestionSet', () => {
  const admin = aCompanyUser();
  const kept = aQuestionSetQuestion({ text: 'Kept', position: 0 });
  const dropped = aQuestionSetQuestion({ text: 'Dropped', position: 1 });
  const set = aQuestionSet({ companyUuid: admin.companyUuid!, questions: [kept, dropped] });
  const fixture = () => ({ store: memoryStore({ questionSets: new MemoryQuestionSets([set]) }), clock: new FakeClock(AT) });

  it('renames the set and makes its questions exactly the list given: kept by uuid, new ones added, the rest removed', async () => {
    const deps = fixture();
    deps.clock.advance(60_000);

    const sut = await updateQuestionSet(deps, admin, {
      setUuid: set.uuid,
      name: ' Renamed ',
      questions: [
        { text: 'New first', timeLimit: 30, takes: 1, thinkTime: '0' },
        { uuid: kept.uuid, text: 'Kept, edited', timeLimit: 90, takes: -1, thinkTime: '45' },
      ],
    });

    expect(sut).toEqual({
      uuid: set.uuid,
      name: 'Renamed',
      created_at: '2026-03-02T09:00:00+00:00',
      updated_at: '2026-03-02T09:01:00+00:00',
      questions: [
        { uuid: expect.any(String), text: 'New first', time_limit: 30, takes: 1, think_time: '0' },
        { uuid: kept.uuid, text: 'Kept, edited', time_limit: 90, takes: -1, think_time: '45' },
      ],
    });
    expect(sut.questions[0].uuid).not.toBe(dropped.uuid);
    expect((await deps.store.read.questionSets.find(admin.companyUuid!, set.uuid))?.questions.map((q) => q.text)).toEqual(['New first', 'Kept, edited']);
  });

  it('keeps the questions when only the name changes', async () => {
    const sut = await updateQuestionSet(fixture(), admin, { setUuid: set.uuid, name: 'Only the name' });
    expect(sut.questions.map((q) => q.text)).toEqual(['Kept', 'Dropped']);
  });

  it('refuses a uuid that is not one of the set’s questions, changing nothing', async () => {
    const deps = fixture();
    await expect(
      updateQuestionSet(deps, admin, {
        setUuid: set.uuid,
        name: 'Changed',
        questions: [{ uuid: aQuestionSetQuestion().uuid, text: 'x', timeLimit: 30, takes: 1, thinkTime: '0' }],
      }),
    ).rejects.toMatchObject({ code: 'api.validation_failed', fieldErrors: [expect.objectContaining({ field: 'questions.0.uuid' })] });
    expect(await deps.store.read.questionSets.find(admin.companyUuid!, set.uuid)).toEqual(set);
  });

  it('shows another company’s set and any set to a job seeker as not found (404)', async () => {
    await expect(updateQuestionSet(fixture(), aCompanyUser(), { setUuid: set.uuid, name: 'x' })).rejects.toMatchObject({
      code: InterviewsErrorCode.QuestionSetNotFound,
    });
    await expect(updateQuestionSet(fixture(), theCandidateOf(anInterview()), { setUuid: set.uuid, name: 'x' })).rejects.toMatchObject({
      code: InterviewsErrorCode.QuestionSetNotFound,
    });
  });
});
