import { memoryStore } from '@vi/platform-testing';
import { AT, anInterview, aQuestion, aTake } from '../../../test/factories';
import { MemoryMedia, MemoryTakes } from '../../../test/fakes';
import { purgeDeletedInterviewMedia } from './purge-deleted-interview-media';

describe('purgeDeletedInterviewMedia', () => {
  const HOUR = 3600_000;
  const deletedEarly = anInterview();
  const deletedLate = anInterview();
  const live = anInterview();
  const takes = [aTake(aQuestion(deletedEarly)), aTake(aQuestion(deletedEarly)), aTake(aQuestion(deletedLate)), aTake(aQuestion(live))];
  const fixture = () => {
    const store = memoryStore({ takes: new MemoryTakes(takes) });
    store.read.takes.state.deletedInterviews.set(deletedEarly.uuid, AT);
    store.read.takes.state.deletedInterviews.set(deletedLate.uuid, new Date(AT.getTime() + HOUR));
    const media = new MemoryMedia();
    for (const take of takes) media.files.set(take.storageKey, Buffer.from('video'));
    return { store, media, graceMs: HOUR, batchSize: 1 };
  };

  it('removes the videos and takes of interviews deleted longer than the grace ago, and nothing else', async () => {
    const deps = fixture();
    const sut = purgeDeletedInterviewMedia(deps);

    expect(await sut.run(new Date(AT.getTime() + HOUR))).toBe(0);
    expect(await sut.run(new Date(AT.getTime() + HOUR + 1))).toBe(2);
    expect([...deps.media.files.keys()]).toEqual([takes[2].storageKey, takes[3].storageKey]);
    expect(deps.store.read.takes.all().map((t) => t.uuid)).toEqual([takes[2].uuid, takes[3].uuid]);

    expect(await sut.run(new Date(AT.getTime() + 3 * HOUR))).toBe(1);
    expect([...deps.media.files.keys()]).toEqual([takes[3].storageKey]);
  });
});
