import { memoryStore } from '@vi/platform-testing';
import { AT, anInterview, aQuestion, aTake } from '../../../test/factories';
import { MemoryMedia, MemoryTakes } from '../../../test/fakes';
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
    return { store: memoryStore({ takes: new MemoryTakes(takes) }), media, graceMs: HOUR, batchSize: 1 };
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
});
