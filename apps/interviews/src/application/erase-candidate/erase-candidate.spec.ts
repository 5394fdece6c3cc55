import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, anInterview, aPerson, aQuestion, aTake, aUserOfCompany, OPERATOR } from '../../../test/factories';
import { MemoryCounters, MemoryInterviews, MemoryMedia, MemoryProjections, MemoryQuestions, MemoryShareLinks, MemoryTakes } from '../../../test/fakes';
import { eraseCandidate } from './erase-candidate';

describe('eraseCandidate', () => {
  const seeker = aPerson({ name: 'Jane Seeker', email: 'jane@seekers.example' });
  const open = anInterview({ candidateUuid: seeker.uuid, phone: '06 12 34 56 78', phoneParsed: '+33612345678', hasSmsConsent: true });
  const gone = anInterview({ candidateUuid: seeker.uuid, companyUuid: open.companyUuid });
  const someoneElse = anInterview({ companyUuid: open.companyUuid });
  const takes = [aTake(aQuestion(open)), aTake(aQuestion(gone)), aTake(aQuestion(someoneElse))];
  const fixture = async () => {
    const media = new MemoryMedia();
    for (const take of takes) media.files.set(take.storageKey, Buffer.from('video'));
    const interviews = new MemoryInterviews([open, gone, someoneElse]);
    await interviews.markDeleted(gone.uuid, AT);
    return {
      store: memoryStore({
        interviews,
        counters: new MemoryCounters([open, someoneElse]),
        takes: new MemoryTakes(takes),
        projections: new MemoryProjections({ people: [seeker] }),
        questions: new MemoryQuestions(),
        shareLinks: new MemoryShareLinks(),
      }),
      media,
      clock: new FakeClock(new Date(AT.getTime() + 60_000)),
    };
  };
  const input = { candidateUuid: seeker.uuid, erasedName: 'Erased job seeker', erasedEmail: 'erased@invalid' };

  it('removes every take and video, the phone and consent, shows the erased name, and deletes each interview still live', async () => {
    const deps = await fixture();

    const sut = await eraseCandidate(deps, OPERATOR, input);

    expect(sut.interview_uuids.sort()).toEqual([open.uuid, gone.uuid].sort());
    expect(deps.store.read.takes.all().map((t) => t.uuid)).toEqual([takes[2].uuid]);
    expect([...deps.media.files.keys()]).toEqual([takes[2].storageKey]);
    expect(deps.store.read.interviews.stored(open.uuid)).toMatchObject({ phone: null, phoneParsed: null, hasSmsConsent: false, deletedAt: deps.clock.now() });
    expect(deps.store.read.interviews.stored(gone.uuid)?.deletedAt).toEqual(AT);
    expect(deps.store.subjects()).toEqual([InterviewsSubjects.InterviewDeleted]);
    expect(deps.store.published[0].payload).toMatchObject({
      interview: { uuid: open.uuid, assigned_to: { name: 'Erased job seeker', email: 'erased@invalid' } },
    });
    expect(await deps.store.read.counters.total(open.companyUuid, [], [])).toBe(1);
  });

  it('is for operators only', async () => {
    const deps = await fixture();
    await expect(eraseCandidate(deps, aUserOfCompany(open.companyUuid), input)).rejects.toMatchObject({ code: SharedErrorCode.OperatorRequired });
    expect(deps.media.files.size).toBe(3);
  });
});
