import { memoryStore } from '@vi/platform-testing';
import { aCaller, anInterview, aQuestion, aUserOfCompany, theCandidateOf } from '../../../test/factories';
import { MemoryInterviews, renderingRepos } from '../../../test/fakes';
import { getCandidateInterview } from './get-candidate-interview';
import { SharedErrorCode } from '@vi/contracts';

describe('getCandidateInterview', () => {
  const interview = anInterview();
  const question = aQuestion(interview);
  const store = memoryStore({ interviews: new MemoryInterviews([interview]), ...renderingRepos({ questions: [question] }) });

  it('shows the job seeker the interview their link opens, with its questions', async () => {
    const sut = await getCandidateInterview({ store }, aCaller(theCandidateOf(interview)), interview.uuid);
    expect(sut).toMatchObject({ uuid: interview.uuid, status: 'requested', questions: [{ uuid: question.uuid }], transcribed: false });
  });

  it("says whether the company's answers are transcribed now (decision 073)", async () => {
    await store.read.transcriptionSettings.apply(interview.companyUuid, true, new Date());
    try {
      expect(await getCandidateInterview({ store }, aCaller(theCandidateOf(interview)), interview.uuid)).toMatchObject({ transcribed: true });
    } finally {
      await store.read.transcriptionSettings.apply(interview.companyUuid, false, new Date(Date.now() + 1000));
    }
  });

  it('shows nothing (404) to another job seeker, to a link for another interview, or to a company user', async () => {
    const other = anInterview({ candidateUuid: interview.candidateUuid });
    for (const principal of [theCandidateOf(anInterview({ uuid: interview.uuid })), theCandidateOf(other), aUserOfCompany(interview.companyUuid)]) {
      await expect(getCandidateInterview({ store }, aCaller(principal), interview.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    }
  });
});
