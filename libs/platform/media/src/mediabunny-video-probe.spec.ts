import { mp4File, webmCluster, webmFile, webmHeader } from '@vi/platform-testing';
import { MediabunnyVideoProbe } from './mediabunny-video-probe';

/** The bytes in chunks of `size`, as an upload delivers them. */
async function* chunked(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/** Consumes the pass-through as storage would; returns what came out and the measured length. */
async function measure(bytes: Buffer, chunkSize = 64 * 1024) {
  const sut = new MediabunnyVideoProbe();
  const measured = sut.measure(chunked(bytes, chunkSize));
  const out: Uint8Array[] = [];
  for await (const chunk of measured.data) out.push(chunk);
  return { passed: Buffer.concat(out), seconds: await measured.duration, tracks: await measured.tracks };
}

describe('MediabunnyVideoProbe', () => {
  it('tells WebM and MP4 from their first bytes, and anything else from neither', async () => {
    const sut = new MediabunnyVideoProbe();
    expect(sut.containerOf(webmFile({ seconds: 1 }).subarray(0, sut.headBytes))).toBe('webm');
    expect(sut.containerOf((await mp4File({ seconds: 1 })).subarray(0, sut.headBytes))).toBe('mp4');
    expect(sut.containerOf(Buffer.from('89504e470d0a1a0a', 'hex'))).toBeNull(); // PNG
    expect(sut.containerOf(Buffer.from('{"video": true}'))).toBeNull();
    expect(sut.containerOf(Buffer.from([0x1a, 0x45]))).toBeNull();
    expect(sut.containerOf(Buffer.alloc(0))).toBeNull();
  });

  it('measures a MediaRecorder-style WebM (no Duration, Segment and Clusters of unknown size) from its last blocks', async () => {
    const video = webmFile({ seconds: 65.3 });
    const { passed, seconds } = await measure(video);
    expect(passed.equals(video)).toBe(true);
    // The last block is an Opus packet at 65.28 s (the last video frame is at 65.2 s).
    expect(seconds).toBeCloseTo(65.28, 2);
  });

  it('measures a video-only WebM up to its last frame, whatever the chunk size', async () => {
    const video = webmFile({ seconds: 12, audio: false, framesPerCluster: 7 });
    for (const size of [1, 7, 4096, video.length]) {
      // Last frame at 11.9 s: the Cluster's Timecode plus the block's relative one.
      expect((await measure(video, size)).seconds).toBeCloseTo(11.9, 2);
    }
  });

  it('says which tracks a video holds: an audio-only recording (issue 42) has audio and no video', async () => {
    expect((await measure(webmFile({ seconds: 3 }))).tracks).toEqual({ video: true, audio: true });
    expect((await measure(webmFile({ seconds: 3, audio: false }))).tracks).toEqual({ video: true, audio: false });
    const audioOnly = await measure(webmFile({ seconds: 6, video: false }));
    expect(audioOnly.tracks).toEqual({ video: false, audio: true });
    expect(audioOnly.seconds).toBeGreaterThan(5.9);
    expect((await measure(await mp4File({ seconds: 2 }))).tracks).toEqual({ video: true, audio: true });
    expect((await measure(Buffer.from('not a video at all'))).tracks).toBeNull();
  });

  it('measures the blocks, not a Duration the header claims', async () => {
    expect((await measure(webmFile({ seconds: 95, durationInHeader: 30 }))).seconds).toBeCloseTo(95, 1);
  });

  it('measures a fragmented MP4 (moov without duration, then moof/mdat fragments)', async () => {
    const video = await mp4File({ seconds: 42, fragmented: true });
    const { passed, seconds } = await measure(video, 1000);
    expect(passed.equals(video)).toBe(true);
    expect(seconds).toBeCloseTo(42, 1);
  });

  it('measures a plain MP4 from its sample tables', async () => {
    expect((await measure(await mp4File({ seconds: 75.5 }))).seconds).toBeCloseTo(75.5, 1);
  });

  it('measures a video that starts late from its first frame', async () => {
    const late = Buffer.concat([
      webmHeader({ audio: false }),
      webmCluster(
        5000,
        [5000, 5100, 5200].map((ms) => ({ track: 1, ms, data: Buffer.alloc(32), key: true })),
      ),
    ]);
    expect((await measure(late)).seconds).toBeCloseTo(0.2, 2);
  });

  it('reports no timing for a corrupt or truncated container, and still passes every byte through', async () => {
    const corrupt = Buffer.concat([webmFile({ seconds: 1 }).subarray(0, 4), Buffer.alloc(50_000, 0xff)]);
    const first = await measure(corrupt);
    expect(first.seconds).toBeNull();
    expect(first.passed.equals(corrupt)).toBe(true);

    const headerOnly = webmHeader();
    expect((await measure(headerOnly)).seconds).toBeNull();

    const truncatedMp4 = (await mp4File({ seconds: 30 })).subarray(0, 200);
    expect((await measure(truncatedMp4)).seconds).toBeNull();
  });

  it('holds a bounded amount of memory, however long the video', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    /** Peak ArrayBuffer memory (this thread and the parser's) while `seconds` of 1 MiB-a-second video stream through. */
    const peakFor = async (seconds: number) => {
      const body = async function* () {
        yield webmHeader({ audio: false });
        for (let s = 0; s < seconds; s++) {
          // Made as they are sent, as an upload arrives.
          yield webmCluster(
            s * 1000,
            [0, 500].map((ms) => ({ track: 1 as const, ms: s * 1000 + ms, data: Buffer.alloc(512 * 1024, s), key: ms === 0 })),
          );
          gc?.();
        }
      };
      gc?.();
      const before = process.memoryUsage().arrayBuffers;
      let peak = 0;
      const measured = new MediabunnyVideoProbe().measure(body());
      for await (const _ of measured.data) peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
      expect(await measured.duration).toBeCloseTo(seconds - 0.5, 2);
      return peak;
    };
    // 128 MiB of video through a parser that peaks near 50 MiB (its 8 MiB cache, buffers in flight and garbage
    // its thread has not collected yet): it holds at most half the upload, never the whole of it.
    expect(await peakFor(128)).toBeLessThan(64 * 1024 * 1024);
    // A full collection per second of video: slow on a busy machine, and what makes the peak honest.
  }, 180_000);

  it('gives up on an element larger than its cache instead of holding it', async () => {
    // One SimpleBlock claiming 48 MiB, six times the parser's cache: a parser that buffered elements whole would hold it all.
    const claimed = 48 * 1024 * 1024;
    const size = Buffer.alloc(8);
    size.writeBigUInt64BE(BigInt(claimed) | (1n << 56n));
    const head = Buffer.concat([webmHeader({ audio: false }), Buffer.from('1f43b67501ffffffffffffffe78100a3', 'hex'), size]);
    const filler = Buffer.alloc(1024 * 1024, 7);
    const body = async function* () {
      yield head;
      for (let i = 0; i < claimed / filler.length; i++) yield filler;
    };
    const sut = new MediabunnyVideoProbe();
    const measured = sut.measure(body());
    let passed = 0;
    for await (const chunk of measured.data) passed += chunk.length;
    expect(passed).toBe(head.length + claimed);
    expect(await measured.duration).toBeNull();
  });

  it('gives up on a parser that stops asking for bytes, and lets the upload through', async () => {
    // A valid header, then 20 MiB of zeros: mediabunny waits forever there.
    const sut = new MediabunnyVideoProbe({ stallMs: 300 });
    const zeros = Buffer.alloc(1024 * 1024);
    const body = async function* () {
      yield webmHeader();
      for (let i = 0; i < 20; i++) yield zeros;
    };
    const measured = sut.measure(body());
    let passed = 0;
    for await (const chunk of measured.data) passed += chunk.length;
    expect(passed).toBe(webmHeader().length + 20 * zeros.length);
    expect(await measured.duration).toBeNull();
  });

  it('settles without timing when the upload fails or its consumer stops', async () => {
    const sut = new MediabunnyVideoProbe();
    const video = webmFile({ seconds: 20 });
    const failing = async function* () {
      yield video.subarray(0, 1000);
      throw new Error('connection reset');
    };
    const broken = sut.measure(failing());
    await expect(
      (async () => {
        for await (const _ of broken.data);
      })(),
    ).rejects.toThrow('connection reset');
    expect(await broken.duration).toBeNull();

    const abandoned = sut.measure(chunked(video, 100));
    for await (const _ of abandoned.data) break;
    expect(await abandoned.duration).toBeNull();
  });
});
