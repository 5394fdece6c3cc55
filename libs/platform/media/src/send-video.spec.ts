import { SharedErrorCode } from '@vi/contracts';
import { MemoryMediaStorage } from '@vi/platform-testing';
import { sendVideo, type VideoChunk } from './send-video';

describe('sendVideo', () => {
  const take = { storageKey: 'interview/take.mp4', contentType: 'video/mp4' };
  const media = new MemoryMediaStorage();
  media.files.set(take.storageKey, Buffer.from('0123456789'));

  async function sut(range: { range_start?: number; range_end?: number }) {
    const chunks: VideoChunk[] = [];
    await sendVideo({ media }, take, range, async (chunk) => void chunks.push(chunk));
    return { meta: chunks[0].meta, bytes: Buffer.concat(chunks.slice(1).map((c) => c.data)).toString() };
  }

  it('sends the whole video after its meta, or the bytes of the range asked (an end past the video is cut)', async () => {
    expect(await sut({})).toEqual({ meta: { size: 10, content_type: 'video/mp4', start: 0, end: 9 }, bytes: '0123456789' });
    expect(await sut({ range_start: 2, range_end: 4 })).toEqual({ meta: { size: 10, content_type: 'video/mp4', start: 2, end: 4 }, bytes: '234' });
    expect(await sut({ range_start: 7, range_end: 100 })).toMatchObject({ meta: { start: 7, end: 9 }, bytes: '789' });
    expect(await sut({ range_start: 8 })).toMatchObject({ bytes: '89' });
  });

  it('sends the last N bytes for a suffix range', async () => {
    expect(await sut({ range_end: 3 })).toMatchObject({ meta: { start: 7, end: 9 }, bytes: '789' });
    expect(await sut({ range_end: 50 })).toMatchObject({ meta: { start: 0, end: 9 }, bytes: '0123456789' });
  });

  it('refuses a range starting past the end (416)', async () => {
    await expect(sut({ range_start: 10 })).rejects.toMatchObject({ code: SharedErrorCode.RangeNotSatisfiable });
    await expect(sut({ range_start: 5, range_end: 4 })).rejects.toMatchObject({ code: SharedErrorCode.RangeNotSatisfiable });
  });

  it('with presigned playback, sends only the URL the player fetches the video and its ranges from', async () => {
    const chunks: VideoChunk[] = [];
    const playback = { playbackUrl: async (key: string, contentType: string) => `https://store.example/${key}?type=${contentType}&signed` };

    await sendVideo({ media, playback }, take, { range_start: 2 }, async (chunk) => void chunks.push(chunk));

    expect(chunks).toEqual([{ redirect_url: `https://store.example/${take.storageKey}?type=video/mp4&signed`, data: Buffer.alloc(0) }]);
  });
});
