import { memoryStore } from '@vi/platform-testing';
import { aBasicShareLink, aCompany, aJobRow, anInterview, aPerson, aQuestion } from '../../test/factories';
import { MemoryInterviews, MemoryProjections, MemoryQuestions, MemoryShareLinks } from '../../test/fakes';
import { renderInterviewBody, renderInterviews } from './interview-rendering';

describe('renderInterviewBody (decision 065)', () => {
  const job = aJobRow({ title: 'Data engineer' });
  const candidate = aPerson({ name: 'Jane Seeker' });
  const company = aCompany({ name: 'Acme' });
  const shared = anInterview({ jobUuid: job.uuid, candidateUuid: candidate.uuid, companyUuid: company.uuid });
  const unshared = anInterview({ jobUuid: job.uuid, candidateUuid: candidate.uuid, companyUuid: company.uuid });
  const link = aBasicShareLink();
  const shareLinks = new MemoryShareLinks();
  const store = memoryStore({
    interviews: new MemoryInterviews([shared, unshared]),
    projections: new MemoryProjections({ jobs: [job], people: [candidate], companies: [company] }),
    questions: new MemoryQuestions([aQuestion(shared), aQuestion(unshared)]),
    shareLinks,
  });
  const rendered = async () => {
    await shareLinks.apply(shared.uuid, link, 1);
    return renderInterviews(store.read, [shared, unshared], { questions: true });
  };
  const parse = (json: Uint8Array) => JSON.parse(Buffer.from(json).toString('utf8')) as unknown;

  it('renders one interview as the API object, questions included, with its share link to complete', async () => {
    const [one] = await rendered();
    const sut = renderInterviewBody(one);
    expect(parse(sut.json)).toMatchObject({ uuid: shared.uuid, job_post: { title: 'Data engineer' }, share_link: { uuid: link.uuid, url: '' } });
    expect((parse(sut.json) as { questions: unknown[] }).questions).toHaveLength(1);
    expect(sut.share_link_uuids).toEqual([link.uuid]);
  });

  it('renders several as an array in their order, naming only the shared ones', async () => {
    const sut = renderInterviewBody(await rendered());
    expect((parse(sut.json) as { uuid: string; share_link: unknown }[]).map((i) => [i.uuid, i.share_link === null])).toEqual([
      [shared.uuid, false],
      [unshared.uuid, true],
    ]);
    expect(sut.share_link_uuids).toEqual([link.uuid]);
  });
});
