import { SharedErrorCode } from '@vi/contracts';
import { memoryStore } from '@vi/platform-testing';
import { aCompanyUser, anInterview, aQuestionSet, AT, theCandidateOf } from '../../../test/factories';
import { MemoryQuestionSets } from '../../../test/fakes';
import { listQuestionSets } from './list-question-sets';

describe('listQuestionSets', () => {
  it('lists the company’s sets oldest first, and only theirs', async () => {
    const admin = aCompanyUser();
    const newer = aQuestionSet({ companyUuid: admin.companyUuid!, name: 'Newer', createdAt: new Date(AT.getTime() + 1000) });
    const older = aQuestionSet({ companyUuid: admin.companyUuid!, name: 'Older' });
    const store = memoryStore({ questionSets: new MemoryQuestionSets([newer, aQuestionSet({ name: 'Another company’s' }), older]) });

    const sut = await listQuestionSets({ store }, admin);

    expect(sut.question_sets.map((set) => set.name)).toEqual(['Older', 'Newer']);
  });

  it('refuses job seekers with 403 api.company_user_required', async () => {
    const store = memoryStore({ questionSets: new MemoryQuestionSets() });
    await expect(listQuestionSets({ store }, theCandidateOf(anInterview()))).rejects.toMatchObject({ code: SharedErrorCode.CompanyUserRequired });
  });
});
