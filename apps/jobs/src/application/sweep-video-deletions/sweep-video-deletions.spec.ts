import { MemoryMediaStorage, memoryStore } from '@vi/platform-testing';
import { InMemoryVideoDeletions } from '../../../test/fakes';
import { sweepVideoDeletions } from './sweep-video-deletions';

describe('sweepVideoDeletions', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute));
  const fixture = async (due: Record<string, number>) => {
    const media = new MemoryMediaStorage();
    const videoDeletions = new InMemoryVideoDeletions();
    for (const [key, minute] of Object.entries(due)) {
      media.files.set(key, Buffer.from(key));
      await videoDeletions.schedule(key, at(minute));
    }
    media.files.set('jobs/j/shown.webm', Buffer.from('shown'));
    return { media, videoDeletions, store: memoryStore({ videoDeletions }) };
  };

  it('deletes the objects whose time has come, in batches, then their rows; the others and the objects never listed stay', async () => {
    const { media, videoDeletions, store } = await fixture({ 'jobs/j/a.webm': 1, 'jobs/j/b.webm': 2, 'jobs/j/c.webm': 3, 'jobs/j/later.webm': 9 });
    const sweep = sweepVideoDeletions({ store, media, batchSize: 2 });
    expect(await sweep.run(at(0))).toBe(0);
    expect(await sweep.run(at(3))).toBe(3);
    expect([...media.files.keys()].sort()).toEqual(['jobs/j/later.webm', 'jobs/j/shown.webm']);
    expect([...videoDeletions.state.keys()]).toEqual(['jobs/j/later.webm']);
  });

  it('keeps the row of an object storage would not delete, deletes the others, and fails so the sweep logs it', async () => {
    const { media, videoDeletions, store } = await fixture({ 'jobs/j/a.webm': 1, 'jobs/j/stuck.webm': 2, 'jobs/j/c.webm': 3 });
    const remove = media.delete.bind(media);
    media.delete = async (key) => {
      if (key.includes('stuck')) throw new Error('access denied');
      await remove(key);
    };
    await expect(sweepVideoDeletions({ store, media }).run(at(5))).rejects.toThrow('1 of 3 job videos could not be deleted (2 were)');
    expect([...media.files.keys()].sort()).toEqual(['jobs/j/shown.webm', 'jobs/j/stuck.webm']);
    expect([...videoDeletions.state.keys()]).toEqual(['jobs/j/stuck.webm']);
  });
});
