import { toRfc3339 } from '@vi/platform-time';
import { memoryStore } from '@vi/platform-testing';
import { AT, anInterview, aQuestion, aTake } from '../../../test/factories';
import { MemoryInterviews, MemoryMedia, MemoryTakes, MemoryTranscriptSearch } from '../../../test/fakes';
import { purgeSupersededTakes } from './purge-superseded-takes';

describe('purgeSupersededTakes', () => {
  const HOUR = 3600_000;
  const at = (ms: number) => new Date(AT.getTime() + ms);
  const interview = anInterview();
  const [retaken, answeredOnce] = [aQuestion(interview), aQuestion(interview, { position: 1 })];
  const takes = [
    aTake(retaken, { number: 1, createdAt: at(0) }),
    aTake(retaken, { number: 2, createdAt: at(10 * 60_000) }),
    aTake(retaken, { number: 3, createdAt: at(30 * 60_000) }),
    aTake(answeredOnce, { number: 1, createdAt: at(0) }),
  ];
  const fixture = () => {
    const media = new MemoryMedia();
    for (const take of takes) media.files.set(take.storageKey, Buffer.from('video'));
    const transcriptSearch = new MemoryTranscriptSearch(() => new MemoryInterviews());
    for (const take of takes)
      void transcriptSearch.index({ sourceUuid: take.uuid, interviewUuid: take.interviewUuid, config: 'english', text: 'Words', transcribedAt: AT });
    return { store: memoryStore({ takes: new MemoryTakes(takes), transcriptSearch }), media, graceMs: HOUR, batchSize: 1 };
  };

  it("keeps each question's latest take, and removes an earlier one's video and row once its successor is older than the grace", async () => {
    const deps = fixture();
    const sut = purgeSupersededTakes(deps);

    expect(await sut.run(at(10 * 60_000 + HOUR))).toBe(0);
    expect(await sut.run(at(10 * 60_000 + HOUR + 1))).toBe(1);
    expect(deps.store.read.takes.all().map((t) => t.number)).toEqual([2, 3, 1]);
    expect(deps.media.files.has(takes[0].storageKey)).toBe(false);

    expect(await sut.run(at(5 * HOUR))).toBe(1);
    expect(deps.store.read.takes.all().map((t) => t.uuid)).toEqual([takes[2].uuid, takes[3].uuid]);
    expect([...deps.media.files.keys()]).toEqual([takes[2].storageKey, takes[3].storageKey]);
  });

  it("forgets a purged take's transcript with it: its search vector, and interviews.takes.purged for the transcription service", async () => {
    const deps = fixture();
    await purgeSupersededTakes(deps).run(at(5 * HOUR));

    expect([...deps.store.read.transcriptSearch.state.keys()]).toEqual([takes[2].uuid, takes[3].uuid]);
    expect(deps.store.published).toEqual(
      [takes[0], takes[1]].map((take) => ({
        subject: 'interviews.takes.purged',
        payload: { takes: [{ interview_uuid: interview.uuid, take_uuid: take.uuid }], occurred_at: toRfc3339(at(5 * HOUR)) },
      })),
    );
  });
});
