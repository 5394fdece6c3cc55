// The timing of one take video, read by mediabunny in a worker thread of its own: a parser that spins on a
// crafted file (mediabunny can loop forever on garbage after a valid header) is terminated by the service,
// whose event loop it never holds. Plain JavaScript so it runs as it is under tsx, jest and in the image.
//
// Protocol (see mediabunny-video-probe.ts): the worker posts {want: true} each time its parser asks for
// bytes; the service answers with {chunk} (one per want) or {end: true}; the worker posts {seconds, tracks} once:
// seconds a number or null when the container has no readable timing, tracks which kinds it holds (null: unread).
import { ReadableStream } from 'node:stream/web';
import { parentPort, workerData } from 'node:worker_threads';
import { Input, MATROSKA, MP4, QTFF, ReadableStreamSource, WEBM } from 'mediabunny';

const port = parentPort;
let controller;
// False once the stream is closed or the parser let go of it (it has what it needs, e.g. an MP4's moov):
// chunks still in flight are dropped, since enqueueing into a closed stream throws and would kill the worker
// before it posts its answer.
let open = true;
const stream = new ReadableStream(
  {
    start: (c) => void (controller = c),
    pull: () => port.postMessage({ want: true }),
    cancel: () => void (open = false),
  },
  { highWaterMark: 1 },
);
port.on('message', (message) => {
  if (!open) return;
  if (message.end) {
    open = false;
    controller.close();
  } else controller.enqueue(message.chunk);
});

/** From the first frame's start to the last block's time (or the last sample's end), over every track. */
// Which kinds of track it holds (an audio-only take has audio and no video, issue 42), read before the timing.
async function timing() {
  const input = new Input({
    source: new ReadableStreamSource(stream, { maxCacheSize: workerData.cacheBytes, handleUnhandledError: () => undefined }),
    formats: [WEBM, MATROSKA, MP4, QTFF],
  });
  try {
    const all = await input.getTracks();
    if (all.length === 0) return { seconds: null, tracks: null };
    const tracks = { video: all.some((t) => t.isVideoTrack()), audio: all.some((t) => t.isAudioTrack()) };
    const first = await input.getFirstTimestamp();
    const end = await input.computeDuration();
    const seconds = end - Math.max(0, first);
    return { seconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null, tracks };
  } finally {
    input.dispose();
  }
}

timing().then(
  (result) => port.postMessage(result),
  () => port.postMessage({ seconds: null, tracks: null }),
);
