import { api, ok } from '../company/api';
import { endWithWhatArrived, partQueue, partsOfAtLeast, type EndedRecording } from './part-queue';
import { recordingLayout } from './recording-layout';

/** A recording of the call in this browser (decision 040). */
export interface CallRecording {
  /** Stops recording; resolves once the recorder has handed over its last part (the parts still go on being sent). */
  stop(): Promise<void>;
  /**
   * After `stop()`: waits for every part to reach the server (each retried for about two minutes, none sent after
   * one failed for good), then ends the recording there, which joins and measures what arrived (seconds for a long
   * call): 'whole', or 'partial' when a part failed for good. Rejects when the end failed.
   */
  save(): Promise<EndedRecording>;
  readonly active: boolean;
}

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 15;
/** A closed tab loses at most this much of the call (plus a part in flight). */
const TIMESLICE_MS = 4_000;
/** Retries of one part after a transient failure: about two minutes (the service's idle finish; part-queue.ts). */
const RETRY_FOR_MS = 110_000;
/** A part is sent once it holds this much (the last excepted): more than the head the server checks part 0 by. */
const MIN_PART_BYTES = 1024;

/** WebM where the browser has it, else fragmented MP4 (Safari). */
function recorderType(): { mimeType: string; contentType: 'video/webm' | 'video/mp4' } {
  for (const mimeType of ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4']) {
    if (MediaRecorder.isTypeSupported(mimeType)) return { mimeType, contentType: mimeType.startsWith('video/mp4') ? 'video/mp4' : 'video/webm' };
  }
  throw new Error('This browser cannot record video');
}

/**
 * Records every participant side by side on one canvas (a MediaRecorder given several video tracks records only
 * the first) with every voice mixed by WebAudio, and sends it to the server in parts of a few seconds while the
 * call goes on. `participants` is read on every frame, so joins and leaves show.
 */
export async function startCallRecording(options: {
  interviewUuid: string;
  /**
   * Called every frame: the tiles to draw side by side (joins and leaves show), and whose audio to mix; a tile
   * `presenting` (sharing a screen) is drawn large.
   */
  participants: () => ReadonlyArray<{ name: string; stream: MediaStream; presenting?: boolean }>;
  onError?: (error: Error) => void;
}): Promise<CallRecording> {
  const { mimeType, contentType } = recorderType();
  const interviewUuid = options.interviewUuid;
  const { data: started } = await ok(
    api.POST('/interviews/{interviewUuid}/recordings', { params: { path: { interviewUuid } }, body: { content_type: contentType } }),
  );
  const recordingUuid = started.uuid;

  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d')!;
  const videos = new Map<MediaStream, HTMLVideoElement>();
  const audio = new AudioContext();
  const mix = audio.createMediaStreamDestination();
  const voices = new Map<MediaStream, MediaStreamAudioSourceNode>();

  const draw = () => {
    const people = options.participants();
    const tiles = recordingLayout(
      people.map((person) => person.presenting === true),
      WIDTH,
      HEIGHT,
    );
    context.fillStyle = '#111';
    context.fillRect(0, 0, WIDTH, HEIGHT);
    const present = new Set<MediaStream>();
    people.forEach((person, i) => {
      present.add(person.stream);
      let video = videos.get(person.stream);
      if (!video) {
        video = Object.assign(document.createElement('video'), { muted: true, playsInline: true, srcObject: person.stream });
        void video.play().catch(() => undefined);
        videos.set(person.stream, video);
      }
      if (!voices.has(person.stream) && person.stream.getAudioTracks().length > 0) {
        const source = audio.createMediaStreamSource(person.stream);
        source.connect(mix);
        voices.set(person.stream, source);
      }
      const { x, y, w, h } = tiles[i];
      if (video.videoWidth > 0 && person.stream.getVideoTracks().some((t) => t.enabled)) {
        const scale = Math.min(w / video.videoWidth, h / video.videoHeight);
        const dw = video.videoWidth * scale;
        const dh = video.videoHeight * scale;
        context.drawImage(video, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh);
      }
      context.fillStyle = 'rgba(0, 0, 0, 0.6)';
      context.fillRect(x, y + h - 40, w, 40);
      context.fillStyle = '#fff';
      context.font = '24px system-ui, sans-serif';
      context.fillText(person.name, x + 12, y + h - 12, w - 24);
    });
    for (const [stream, source] of voices) {
      if (!present.has(stream)) {
        source.disconnect();
        voices.delete(stream);
        videos.delete(stream);
      }
    }
  };
  // A timer, not animation frames: a background tab gets none, and the recording would freeze.
  const timer = setInterval(draw, 1000 / FPS);
  draw();

  const stream = new MediaStream([...canvas.captureStream(FPS).getVideoTracks(), ...mix.stream.getAudioTracks()]);
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 1_500_000, audioBitsPerSecond: 64_000 });
  let active = true;
  const parts = partQueue(
    (n, body: Blob) =>
      ok(
        api.PUT('/interviews/{interviewUuid}/recordings/{recordingUuid}/parts/{n}', {
          params: { path: { interviewUuid, recordingUuid, n: String(n) } },
          body: body as never,
          bodySerializer: (b: unknown) => b as Blob,
          headers: { 'content-type': 'application/octet-stream' },
        }),
      ).then(() => undefined),
    { retryForMs: RETRY_FOR_MS, onError: options.onError },
  );
  const gathered = partsOfAtLeast(MIN_PART_BYTES, (chunks: Blob[]) => parts.add(chunks.length === 1 ? chunks[0] : new Blob(chunks, { type: chunks[0].type })));
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) gathered.add(event.data);
  };
  recorder.start(TIMESLICE_MS);

  return {
    get active() {
      return active;
    },
    async stop() {
      if (!active) return;
      active = false;
      const flushed = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
      recorder.stop();
      await flushed;
      gathered.flush();
      clearInterval(timer);
      stream.getTracks().forEach((t) => t.stop());
      await audio.close();
    },
    save() {
      return endWithWhatArrived(parts, async () => {
        await ok(api.POST('/interviews/{interviewUuid}/recordings/{recordingUuid}/end', { params: { path: { interviewUuid, recordingUuid } } }));
      });
    },
  };
}
