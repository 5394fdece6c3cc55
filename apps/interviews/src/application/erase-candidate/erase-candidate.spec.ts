import { randomUUID } from 'node:crypto';
import { InterviewsSubjects, SharedErrorCode } from '@vi/contracts';
import { FakeClock } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { aChatMessage, AT, anInterview, aPerson, aQuestion, aRecording, aTake, aUserOfCompany, OPERATOR } from '../../../test/factories';
import {
  MemoryCounters,
  MemoryInterviews,
  MemoryLiveCalls,
  MemoryMedia,
  MemoryProjections,
  MemoryQuestions,
  MemoryRecordings,
  MemoryShareLinks,
  MemoryTakes,
  MemoryTranscriptSearch,
} from '../../../test/fakes';
import { eraseCandidate } from './erase-candidate';

describe('eraseCandidate', () => {
  const seeker = aPerson({ name: 'Jane Seeker', email: 'jane@seekers.example' });
  const open = anInterview({ candidateUuid: seeker.uuid, phone: '06 12 34 56 78', phoneParsed: '+33612345678', hasSmsConsent: true });
  const gone = anInterview({ candidateUuid: seeker.uuid, companyUuid: open.companyUuid });
  const someoneElse = anInterview({ companyUuid: open.companyUuid });
  const takes = [aTake(aQuestion(open)), aTake(aQuestion(gone)), aTake(aQuestion(someoneElse))];
  // One ended, one still sending parts (a part not yet joined), one of someone else's interview.
  const recordings = [
    aRecording(open),
    aRecording(gone, { state: 'recording', endedAt: null, durationSeconds: null, storageKey: null, parts: 1 }),
    aRecording(someoneElse),
  ];
  const part = { recordingUuid: recordings[1].uuid, number: 0, size: 5, storageKey: `${gone.uuid}/recordings/${recordings[1].uuid}/0-x.part` };
  const fixture = async () => {
    const media = new MemoryMedia();
    for (const key of [...takes.map((t) => t.storageKey), recordings[0].storageKey!, recordings[2].storageKey!, part.storageKey]) {
      media.files.set(key, Buffer.from('video'));
    }
    const recordingRepo = new MemoryRecordings(recordings);
    await recordingRepo.insertPart(part);
    const interviews = new MemoryInterviews([open, gone, someoneElse]);
    await interviews.markDeleted(gone.uuid, AT);
    const liveCalls = new MemoryLiveCalls([aChatMessage(open), aChatMessage(gone), aChatMessage(someoneElse)]);
    for (const interview of [open, gone, someoneElse]) await liveCalls.markStarted(interview.uuid, AT);
    // What each candidate wrote asking for an accommodation (issue 42).
    for (const interview of [open, gone, someoneElse]) {
      await interviews.addAccommodationRequest({ uuid: randomUUID(), interviewUuid: interview.uuid, message: 'More time, please.', requestedAt: AT });
    }
    const transcriptSearch = new MemoryTranscriptSearch(() => interviews);
    for (const take of takes) {
      await transcriptSearch.index({ sourceUuid: take.uuid, interviewUuid: take.interviewUuid, config: 'english', text: 'My answer', transcribedAt: AT });
    }
    return {
      store: memoryStore({
        interviews,
        transcriptSearch,
        counters: new MemoryCounters([open, someoneElse]),
        takes: new MemoryTakes(takes),
        recordings: recordingRepo,
        liveCalls,
        projections: new MemoryProjections({ people: [seeker] }),
        questions: new MemoryQuestions(),
        shareLinks: new MemoryShareLinks(),
      }),
      media,
      clock: new FakeClock(new Date(AT.getTime() + 60_000)),
    };
  };
  const input = { candidateUuid: seeker.uuid, erasedName: 'Erased job seeker', erasedEmail: 'erased@invalid' };

  it('removes every take, recording, chat, accommodation request and video, the phone and consent, shows the erased name, and deletes each interview still live', async () => {
    const deps = await fixture();

    const sut = await eraseCandidate(deps, OPERATOR, input);

    expect(sut.interview_uuids.sort()).toEqual([open.uuid, gone.uuid].sort());
    expect(deps.store.read.takes.all().map((t) => t.uuid)).toEqual([takes[2].uuid]);
    // What they said, as searchable words (decision 073).
    expect(deps.store.read.transcriptSearch.sources()).toEqual([takes[2].uuid]);
    expect(deps.store.read.recordings.all().map((r) => r.uuid)).toEqual([recordings[2].uuid]);
    expect(deps.store.read.recordings.allParts()).toEqual([]);
    expect(deps.store.read.liveCalls.state.messages.map((m) => m.interviewUuid)).toEqual([someoneElse.uuid]);
    expect([...deps.store.read.liveCalls.state.starts.keys()]).toEqual([someoneElse.uuid]);
    const requests = await deps.store.read.interviews.accommodationRequestsOf([open.uuid, gone.uuid, someoneElse.uuid]);
    expect([...requests.keys()]).toEqual([someoneElse.uuid]);
    expect([...deps.media.files.keys()].sort()).toEqual([takes[2].storageKey, recordings[2].storageKey].sort());
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
    expect(deps.media.files.size).toBe(6);
  });
});
