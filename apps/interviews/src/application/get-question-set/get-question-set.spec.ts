import { memoryStore } from '@vi/platform-testing';
import { aCompanyUser, anInterview, aQuestionSet, theCandidateOf } from '../../../test/factories';
import { MemoryQuestionSets } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { getQuestionSet } from './get-question-set';

describe('getQuestionSet', () => {
  const admin = aCompanyUser();
  const set = aQuestionSet({ companyUuid: admin.companyUuid! });
  const store = memoryStore({ questionSets: new MemoryQuestionSets([set]) });

  it('shows one of the company’s sets with its questions', async () => {
    const sut = await getQuestionSet({ store }, admin, set.uuid);
    expect(sut).toMatchObject({ uuid: set.uuid, name: set.name, questions: [{ uuid: set.questions[0].uuid, time_limit: 120, takes: 2, think_time: '30' }] });
  });

  it('shows another company’s set, and any set to a job seeker, as not found (404)', async () => {
    await expect(getQuestionSet({ store }, aCompanyUser(), set.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionSetNotFound });
    await expect(getQuestionSet({ store }, theCandidateOf(anInterview()), set.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionSetNotFound });
  });
});
