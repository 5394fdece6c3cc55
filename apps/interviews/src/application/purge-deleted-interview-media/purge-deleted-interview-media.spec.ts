import { memoryStore } from '@vi/platform-testing';
import { aChatMessage, AT, anInterview, aQuestion, aRecording, aTake } from '../../../test/factories';
import { MemoryInterviews, MemoryLiveCalls, MemoryMedia, MemoryRecordings, MemoryTakes, MemoryTranscriptSearch } from '../../../test/fakes';
import { purgeDeletedInterviewMedia } from './purge-deleted-interview-media';

describe('purgeDeletedInterviewMedia', () => {
  const HOUR = 3600_000;
  const deletedEarly = anInterview();
  const deletedLate = anInterview();
  const live = anInterview();
  const takes = [aTake(aQuestion(deletedEarly)), aTake(aQuestion(deletedEarly)), aTake(aQuestion(deletedLate)), aTake(aQuestion(live))];
  const recordings = [aRecording(deletedEarly), aRecording(live)];
  const fixture = () => {
    const interviews = new MemoryInterviews([deletedEarly, deletedLate, live]);
    void interviews.markDeleted(deletedEarly.uuid, AT);
    void interviews.markDeleted(deletedLate.uuid, new Date(AT.getTime() + HOUR));
    const transcriptSearch = new MemoryTranscriptSearch(() => interviews);
    for (const take of takes) {
      void transcriptSearch.index({ sourceUuid: take.uuid, interviewUuid: take.interviewUuid, config: 'english', text: 'Words', transcribedAt: AT });
    }
    const store = memoryStore({
      transcriptSearch,
      takes: new MemoryTakes(takes),
      recordings: new MemoryRecordings(recordings),
      liveCalls: new MemoryLiveCalls([aChatMessage(deletedEarly), aChatMessage(deletedEarly, { number: 2 }), aChatMessage(live)]),
    });
    for (const deletions of [
      store.read.takes.state.deletedInterviews,
      store.read.recordings.state.deletedInterviews,
      store.read.liveCalls.state.deletedInterviews,
    ]) {
      deletions.set(deletedEarly.uuid, AT);
      deletions.set(deletedLate.uuid, new Date(AT.getTime() + HOUR));
    }
    const media = new MemoryMedia();
    for (const key of [...takes.map((t) => t.storageKey), ...recordings.map((r) => r.storageKey!)]) media.files.set(key, Buffer.from('video'));
    return { store, media, graceMs: HOUR, batchSize: 1 };
  };

  it('removes the videos, takes, recordings, chats and search vectors of interviews deleted longer than the grace ago, and nothing else', async () => {
    const deps = fixture();
    const sut = purgeDeletedInterviewMedia(deps);

    expect(await sut.run(new Date(AT.getTime() + HOUR))).toBe(0);
    // Two takes, a recording, a call's chat and two takes' search vectors (decision 073).
    expect(await sut.run(new Date(AT.getTime() + HOUR + 1))).toBe(6);
    expect([...deps.media.files.keys()]).toEqual([takes[2].storageKey, takes[3].storageKey, recordings[1].storageKey]);
    expect(deps.store.read.takes.all().map((t) => t.uuid)).toEqual([takes[2].uuid, takes[3].uuid]);
    expect(deps.store.read.recordings.all().map((r) => r.uuid)).toEqual([recordings[1].uuid]);
    expect(deps.store.read.liveCalls.state.messages.map((m) => m.interviewUuid)).toEqual([live.uuid]);
    expect(deps.store.read.transcriptSearch.sources()).toEqual([takes[2].uuid, takes[3].uuid]);

    expect(await sut.run(new Date(AT.getTime() + 3 * HOUR))).toBe(2);
    expect(deps.store.read.transcriptSearch.sources()).toEqual([takes[3].uuid]);
    expect([...deps.media.files.keys()]).toEqual([takes[3].storageKey, recordings[1].storageKey]);
  });
});
