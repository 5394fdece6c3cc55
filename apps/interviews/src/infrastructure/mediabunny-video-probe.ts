import type { MeasuredVideo, VideoContainer, VideoProbe } from '../application/video-probe';

// The parser reads sequentially and keeps at most this much of the video in memory (a few seconds of video).
const PARSER_CACHE_BYTES = 8 * 1024 * 1024;
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];

// mediabunny is an ES module; this service is CommonJS, so it is loaded on first use.
const importMediabunny = () => import('mediabunny');
let mediabunny: ReturnType<typeof importMediabunny> | undefined;
const loadMediabunny = () => (mediabunny ??= importMediabunny());

/**
 * Take videos' timing read by mediabunny, fed as the upload streams through:
 * WebM as MediaRecorder writes it (no Duration, Clusters of unknown size: the
 * end is the last block's time) and MP4, plain or fragmented (moof/trun). The
 * parser pulls chunks at its own pace: the upload waits for it (backpressure),
 * so memory stays bounded whatever the video's size. A parser failure
 * (truncated or corrupt container) is "no readable timing", never a crash.
 */
export class MediabunnyVideoProbe implements VideoProbe {
  readonly headBytes = 8;

  containerOf(head: Uint8Array): VideoContainer | null {
    if (EBML_MAGIC.every((byte, i) => head[i] === byte)) return 'webm';
    // ISO-BMFF: the first box is `ftyp` (bytes 4–7), before any media box.
    if (head.length >= 8 && String.fromCharCode(...head.subarray(4, 8)) === 'ftyp') return 'mp4';
    return null;
  }

  measure(data: AsyncIterable<Uint8Array>): MeasuredVideo {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let parserWants: (() => void) | undefined;
    let parserDone = false;
    const stream = new ReadableStream<Uint8Array>(
      {
        start: (c) => void (controller = c),
        pull: () => parserWants?.(),
        cancel: () => {
          parserDone = true;
          parserWants?.();
        },
      },
      { highWaterMark: 1 },
    );
    const duration = timingOf(stream)
      .catch(() => null)
      .finally(() => {
        parserDone = true;
        parserWants?.();
      });

    const passThrough = async function* () {
      let ended = false;
      try {
        for await (const chunk of data) {
          while (!parserDone && (controller.desiredSize ?? 0) <= 0) await new Promise<void>((resolve) => (parserWants = resolve));
          if (!parserDone) controller.enqueue(chunk);
          yield chunk;
        }
        ended = true;
        if (!parserDone) controller.close();
      } finally {
        // The upload failed or its consumer stopped: the parser gets an error, not a wait forever.
        if (!ended && !parserDone) controller.error(new Error('the upload ended before the video did'));
      }
    };
    return { data: passThrough(), duration };
  }
}

/** From the first frame's start to the end of the last one, over every track. */
async function timingOf(stream: ReadableStream<Uint8Array>): Promise<number | null> {
  const { Input, MATROSKA, MP4, QTFF, ReadableStreamSource, WEBM } = await loadMediabunny();
  const input = new Input({
    source: new ReadableStreamSource(stream, { maxCacheSize: PARSER_CACHE_BYTES, handleUnhandledError: () => undefined }),
    formats: [WEBM, MATROSKA, MP4, QTFF],
  });
  try {
    if ((await input.getTracks()).length === 0) return null;
    const first = await input.getFirstTimestamp();
    const end = await input.computeDuration();
    const seconds = end - Math.max(0, first);
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } finally {
    input.dispose();
  }
}
