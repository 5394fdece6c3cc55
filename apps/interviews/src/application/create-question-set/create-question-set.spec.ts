import { SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCompanyUser, anInterview, theCandidateOf } from '../../../test/factories';
import { MemoryQuestionSets } from '../../../test/fakes';
import { createQuestionSet } from './create-question-set';

describe('createQuestionSet', () => {
  const clock = new FakeClock(AT);
  const question = { text: '  Why us?  ', timeLimit: 60, takes: 2, thinkTime: '15' };
  const setsOf = async (store: { read: { questionSets: MemoryQuestionSets } }, companyUuid: string) =>
    (await store.read.questionSets.list(companyUuid, { offset: 0, limit: 10 })).sets.map((set) => set.uuid);

  it('saves the set for the caller’s company, trimmed, its questions in the order given', async () => {
    const store = memoryStore({ questionSets: new MemoryQuestionSets() });
    const admin = aCompanyUser();

    const sut = await createQuestionSet({ store, clock }, admin, { name: ' Screening ', questions: [question, { ...question, text: 'Second' }] });

    expect(sut).toEqual({
      uuid: expect.any(String),
      name: 'Screening',
      created_at: '2026-03-02T09:00:00+00:00',
      updated_at: '2026-03-02T09:00:00+00:00',
      questions: [
        { uuid: expect.any(String), text: 'Why us?', time_limit: 60, takes: 2, think_time: '15' },
        { uuid: expect.any(String), text: 'Second', time_limit: 60, takes: 2, think_time: '15' },
      ],
    });
    expect(await setsOf(store, admin.companyUuid!)).toEqual([sut.uuid]);
    expect(store.published).toEqual([]);
  });

  it('refuses a set breaking the rules, naming each field, and saves nothing', async () => {
    const store = memoryStore({ questionSets: new MemoryQuestionSets() });
    const admin = aCompanyUser();

    await expect(createQuestionSet({ store, clock }, admin, { name: ' ', questions: [{ ...question, timeLimit: 45 }] })).rejects.toMatchObject({
      code: 'api.validation_failed',
      fieldErrors: [expect.objectContaining({ field: 'name' }), expect.objectContaining({ field: 'questions.0.time_limit' })],
    });
    expect(await setsOf(store, admin.companyUuid!)).toEqual([]);
  });

  it('refuses job seekers with 403 api.company_user_required', async () => {
    const store = memoryStore({ questionSets: new MemoryQuestionSets() });
    await expect(createQuestionSet({ store, clock }, theCandidateOf(anInterview()), { name: 'x', questions: [question] })).rejects.toMatchObject({
      code: SharedErrorCode.CompanyUserRequired,
    });
  });
});
