import { memoryStore } from '@vi/platform-testing';
import { aBasicShareLink, aCaller, aCompany, aJobRow, anInterview, aPerson, aQuestion, aUserOfCompany, theCandidateOf } from '../../../test/factories';
import { MemoryInterviews, MemoryProjections, MemoryQuestions, MemoryShareLinks } from '../../../test/fakes';
import { getInterview } from './get-interview';
import { SharedErrorCode } from '@vi/contracts';

describe('getInterview', () => {
  const job = aJobRow({ title: 'Data engineer' });
  const candidate = aPerson({ name: 'Jane Seeker' });
  const company = aCompany({ name: 'Acme' });
  // The name Acme gave its candidate, not the one the job seeker record holds (another company's, decision 036).
  const interview = anInterview({ jobUuid: job.uuid, candidateUuid: candidate.uuid, companyUuid: company.uuid, candidateName: 'Jane S.' });
  const question = aQuestion(interview);
  const shareLinks = new MemoryShareLinks();
  const store = memoryStore({
    interviews: new MemoryInterviews([interview]),
    projections: new MemoryProjections({ jobs: [job], people: [candidate], companies: [company] }),
    questions: new MemoryQuestions([question]),
    shareLinks,
  });

  it('shows the company its interview with the job, the job seeker, the company, the questions and the share link without its url', async () => {
    const link = aBasicShareLink();
    await shareLinks.apply(interview.uuid, link, 1);

    const sut = await getInterview({ store }, aCaller(aUserOfCompany(company.uuid)), interview.uuid);

    expect(sut).toMatchObject({
      uuid: interview.uuid,
      job_post: { uuid: job.uuid, title: 'Data engineer' },
      assigned_to: { uuid: candidate.uuid, name: 'Jane S.', email: candidate.email },
      company: { uuid: company.uuid, name: 'Acme' },
      questions: [{ uuid: question.uuid }],
      share_link: { uuid: link.uuid, type: 'collaborative', status: 'active', url: '' },
    });
  });

  it('shows another company, and the job seeker, nothing (404)', async () => {
    await expect(getInterview({ store }, aCaller(), interview.uuid)).rejects.toMatchObject({ code: SharedErrorCode.InterviewNotFound });
    await expect(getInterview({ store }, aCaller(theCandidateOf(interview)), interview.uuid)).rejects.toMatchObject({
      code: SharedErrorCode.InterviewNotFound,
    });
  });
});
