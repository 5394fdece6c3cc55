import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MeasuredVideo, VideoContainer, VideoProbe, VideoTracks } from './media-storage';

// The parser reads sequentially and keeps at most this much of the video (a few seconds of it).
const PARSER_CACHE_BYTES = 8 * 1024 * 1024;
// Its worker's heap: the cache plus mediabunny's bookkeeping, with room; a parser going past it is stopped.
const WORKER_HEAP_MB = 64;
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const WORKER_FILE = join(__dirname, 'video-timing.worker.mjs');
const STARTUP_LIMIT_MS = 60_000;

type FromWorker = { want: true } | { seconds: number | null; tracks?: VideoTracks | null };

/**
 * Take videos' timing read by mediabunny (video-timing.worker.mjs), fed as the
 * upload streams through: WebM as MediaRecorder writes it (no Duration,
 * Clusters of unknown size: the end is the last block's time) and MP4, plain
 * or fragmented (moof/trun). The parser runs in a worker thread and asks for
 * each chunk; the upload waits for it (backpressure), so memory stays bounded
 * whatever the video's size. A parser that fails (truncated or corrupt
 * container) or goes `stallMs` without asking for bytes or answering is
 * terminated: "no readable timing", never a stuck upload or service.
 */
export class MediabunnyVideoProbe implements VideoProbe {
  readonly headBytes = 8;

  constructor(private readonly options: { stallMs: number } = { stallMs: 10_000 }) {}

  containerOf(head: Uint8Array): VideoContainer | null {
    if (EBML_MAGIC.every((byte, i) => head[i] === byte)) return 'webm';
    // ISO-BMFF: the first box is `ftyp` (bytes 4–7), before any media box.
    if (head.length >= 8 && String.fromCharCode(...head.subarray(4, 8)) === 'ftyp') return 'mp4';
    return null;
  }

  measure(data: AsyncIterable<Uint8Array>): MeasuredVideo {
    const { stallMs } = this.options;
    let worker: Worker | undefined;
    let wants = 0;
    // Starting the worker (a fresh isolate loading mediabunny) can take seconds on a busy machine: the stall
    // clock starts with the parser's first request, before which no input can have stalled it.
    let parserStarted = false;
    let wanted: (() => void) | undefined;
    let done = false;
    let settle!: (seconds: number | null, tracks?: VideoTracks | null) => void;
    let settleTracks!: (tracks: VideoTracks | null) => void;
    const tracks = new Promise<VideoTracks | null>((resolve) => (settleTracks = resolve));
    const duration = new Promise<number | null>((resolve) => {
      settle = (seconds, found = null) => {
        if (done) return;
        done = true;
        wanted?.();
        resolve(seconds);
        settleTracks(found);
        void worker?.terminate();
      };
    });

    // Started with the first chunk: a video nobody reads costs no thread.
    const startParser = () => {
      worker = new Worker(WORKER_FILE, { workerData: { cacheBytes: PARSER_CACHE_BYTES }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
      // Never what keeps a process alive: it is terminated once settled anyway.
      worker.unref();
      worker.on('message', (message: FromWorker) => {
        if ('seconds' in message) return settle(message.seconds, message.tracks ?? null);
        parserStarted = true;
        wants += 1;
        wanted?.();
      });
      worker.on('error', () => settle(null));
      worker.on('exit', () => settle(null));
      return worker;
    };

    /** Until the parser asks for another chunk; given up after `stallMs` without a word from it. */
    const parserWants = async () => {
      while (!done && wants === 0) {
        let timer: NodeJS.Timeout | undefined;
        const asked = await new Promise<boolean>((resolve) => {
          wanted = () => resolve(true);
          timer = setTimeout(() => resolve(false), parserStarted ? stallMs : STARTUP_LIMIT_MS);
        });
        clearTimeout(timer);
        if (!asked) settle(null);
      }
    };

    const passThrough = async function* () {
      const parser = startParser();
      let ended = false;
      try {
        for await (const chunk of data) {
          await parserWants();
          if (!done) {
            wants -= 1;
            // A copy of just these bytes (a chunk may view a larger pooled buffer), handed over without another.
            const copy = new Uint8Array(chunk);
            parser.postMessage({ chunk: copy }, [copy.buffer]);
          }
          yield chunk;
        }
        ended = true;
        if (!done) {
          parser.postMessage({ end: true });
          // The whole video is in: the parser has `stallMs` to answer.
          const timer = setTimeout(() => settle(null), stallMs);
          void duration.finally(() => clearTimeout(timer));
        }
      } finally {
        // The upload failed or its consumer stopped: no timing, and the worker goes.
        if (!ended) settle(null);
      }
    };
    return { data: passThrough(), duration, tracks };
  }
}
