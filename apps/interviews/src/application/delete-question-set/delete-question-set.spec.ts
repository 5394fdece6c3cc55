import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, aCompanyUser, anInterview, aQuestionSet, theCandidateOf } from '../../../test/factories';
import { MemoryQuestionSets } from '../../../test/fakes';
import { InterviewsErrorCode } from '../../domain/interviews.errors';
import { deleteQuestionSet } from './delete-question-set';

describe('deleteQuestionSet', () => {
  const admin = aCompanyUser();
  const set = aQuestionSet({ companyUuid: admin.companyUuid! });
  const fixture = () => ({ store: memoryStore({ questionSets: new MemoryQuestionSets([set]) }), clock: new FakeClock(AT) });

  it('removes the set from reads; a second delete finds nothing (404)', async () => {
    const deps = fixture();

    await deleteQuestionSet(deps, admin, set.uuid);

    expect(await deps.store.read.questionSets.find(admin.companyUuid!, set.uuid)).toBeUndefined();
    expect(deps.store.read.questionSets.stored(set.uuid)?.deletedAt).toEqual(AT);
    await expect(deleteQuestionSet(deps, admin, set.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionSetNotFound });
  });

  it('leaves another company’s set alone, and shows job seekers no set (404)', async () => {
    const deps = fixture();
    await expect(deleteQuestionSet(deps, aCompanyUser(), set.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionSetNotFound });
    await expect(deleteQuestionSet(deps, theCandidateOf(anInterview()), set.uuid)).rejects.toMatchObject({ code: InterviewsErrorCode.QuestionSetNotFound });
    expect(await deps.store.read.questionSets.find(admin.companyUuid!, set.uuid)).toEqual(set);
  });
});
