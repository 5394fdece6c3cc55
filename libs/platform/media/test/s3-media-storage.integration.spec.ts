import { randomBytes } from 'node:crypto';
import { startS3TestServer, type S3TestServer } from '@vi/platform-testing';
import { z } from 'zod';
import { parseEnv } from '@vi/platform-config';
import { checkMediaEnv, mediaConfigOf, mediaEnv } from '../src/media-config';
import { S3MediaStorage, S3PlaybackUrls } from '../src/s3-media-storage';

/** The media config these variables give a service, as its loader reads them. */
const mediaConfig = (env: NodeJS.ProcessEnv) => mediaConfigOf(parseEnv(z.object(mediaEnv).superRefine(checkMediaEnv), env), '/unused');

const MiB = 1024 * 1024;

async function* chunksOf(data: Buffer, size = 64 * 1024, failAfter?: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < data.length; at += size) {
    if (failAfter !== undefined && at >= failAfter) throw new Error('the candidate went away');
    yield data.subarray(at, at + size);
  }
}

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('S3 media storage (against s3rver on 127.0.0.1)', () => {
  let server: S3TestServer;
  let sut: S3MediaStorage;

  beforeAll(async () => {
    server = await startS3TestServer();
    const config = mediaConfig(server.mediaEnv);
    if (config.storage.kind !== 's3') throw new Error('MEDIA_STORAGE=s3 did not select the S3 adapter');
    sut = new S3MediaStorage(config.storage);
  });

  afterAll(async () => {
    sut?.close();
    await server?.stop();
  });

  const leftovers = () => server.contents();

  it('stores a take larger than one part and serves any byte range of it', async () => {
    const video = randomBytes(12 * MiB + 12345);
    const key = 'interview-a/take-1.webm';

    expect(await sut.write(key, chunksOf(video))).toBe(video.length);

    expect(await sut.size(key)).toBe(video.length);
    expect((await readAll(sut.read(key, { start: 0, end: video.length - 1 }))).equals(video)).toBe(true);
    const middle = { start: 5 * MiB - 10, end: 5 * MiB + 10 };
    expect((await readAll(sut.read(key, middle))).equals(video.subarray(middle.start, middle.end + 1))).toBe(true);
    expect((await readAll(sut.read(key, { start: video.length - 1, end: video.length - 1 }))).equals(video.subarray(-1))).toBe(true);
    expect(await leftovers()).toEqual({ objects: [key], uploads: [] });

    await sut.delete(key);
    expect(await leftovers()).toEqual({ objects: [], uploads: [] });
  });

  it('stores a take smaller than one part in one request', async () => {
    const video = randomBytes(100_000);
    const key = 'interview-b/take-1.mp4';

    await sut.write(key, chunksOf(video));

    expect((await readAll(sut.read(key, { start: 10, end: 99_999 }))).equals(video.subarray(10))).toBe(true);
    await sut.delete(key);
  });

  it('leaves no object and no open upload when the incoming video fails after several parts', async () => {
    const video = randomBytes(16 * MiB);

    await expect(sut.write('interview-c/take-1.webm', chunksOf(video, 64 * 1024, 11 * MiB))).rejects.toThrow('the candidate went away');

    expect(await leftovers()).toEqual({ objects: [], uploads: [] });
  });

  it('leaves nothing when the incoming video fails within its first part', async () => {
    await expect(sut.write('interview-d/take-1.webm', chunksOf(randomBytes(MiB), 64 * 1024, 256 * 1024))).rejects.toThrow('the candidate went away');

    expect(await leftovers()).toEqual({ objects: [], uploads: [] });
  });

  it('deletes a take that is already gone without complaint', async () => {
    await expect(sut.delete('interview-e/never-stored.webm')).resolves.toBeUndefined();
  });

  it('presigns playback URLs for the endpoint browsers reach, serving the object as the take content type', async () => {
    const video = randomBytes(50_000);
    const key = 'interview-f/take-1.webm';
    await sut.write(key, chunksOf(video));
    // The same server under another name, as an in-cluster endpoint and a public one differ: the host is signed.
    const publicEndpoint = server.endpoint.replace('127.0.0.1', 'localhost');
    const config = mediaConfig({
      ...server.mediaEnv,
      S3_PUBLIC_ENDPOINT: publicEndpoint,
      MEDIA_PLAYBACK: 'redirect',
      MEDIA_PLAYBACK_URL_TTL: '2m',
    });
    if (config.storage.kind !== 's3' || config.playback.kind !== 'redirect') throw new Error('not configured for presigned playback');
    const urls = new S3PlaybackUrls(config.storage, config.playback.urlTtlSeconds);
    try {
      const url = new URL(await urls.playbackUrl(key, 'video/webm'));
      expect(url.origin).toBe(publicEndpoint);
      expect(url.searchParams.get('X-Amz-Expires')).toBe('120');
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('video/webm');
      expect(served.headers.get('cache-control')).toBe('private');
      expect(Buffer.from(await served.arrayBuffer()).equals(video)).toBe(true);
    } finally {
      urls.close();
      await sut.delete(key);
    }
  });
});
