import { recordingMimeType } from './devices';

const STOP_EARLY_SECONDS = 0.5;

export interface Recording {
  blob: Blob;
  /** The container's type without codecs, as the upload's Content-Type: video/webm or video/mp4; audio/webm or audio/mp4 for sound only. */
  contentType: string;
  /** Sound only (an `audio_only` interview): played back with an `<audio>` element. */
  audioOnly?: boolean;
  /** Wall-clock length of the recording, in seconds (sent as X-Take-Duration-Seconds, a hint). */
  durationSeconds: number;
}

/**
 * One take: MediaRecorder on the stream, stopped by `stop()` or by itself at
 * `limitSeconds`. `tick` gets the seconds left (or, with no limit, the seconds
 * recorded) about 4 times a second. A stream without a video track records sound only.
 */
export function record(stream: MediaStream, limitSeconds: number | null, tick: (seconds: number) => void): { stop(): void; done: Promise<Recording> } {
  const audioOnly = stream.getVideoTracks().length === 0;
  const mimeType = recordingMimeType(audioOnly);
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  let startedAt = 0;
  let timer = 0;
  let limitTimer = 0;
  const done = new Promise<Recording>((resolve, reject) => {
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onerror = () => reject(new Error('recording failed'));
    recorder.onstop = () => {
      window.clearInterval(timer);
      window.clearTimeout(limitTimer);
      const elapsed = (performance.now() - startedAt) / 1000;
      const type = (recorder.mimeType || mimeType || 'video/webm').split(';')[0].trim();
      const measured = Math.round(elapsed * 10) / 10;
      resolve({
        blob: new Blob(chunks, { type }),
        contentType: type,
        audioOnly,
        // Never above the limit: the recorder is stopped at it, the rest is event latency.
        durationSeconds: Math.max(0.1, limitSeconds === null ? measured : Math.min(limitSeconds, measured)),
      });
    };
  });
  const stop = () => {
    if (recorder.state !== 'inactive') recorder.stop();
  };
  recorder.onstart = () => {
    startedAt = performance.now();
    // The limit stops the recording on its own timer, not at the next display tick, half a second early: a timer
    // fired late on a busy device plus the recorder's last frame must stay within the server's tolerance.
    const seconds = () => (performance.now() - startedAt) / 1000;
    if (limitSeconds === null) {
      timer = window.setInterval(() => tick(Math.floor(seconds())), 250);
      return;
    }
    limitTimer = window.setTimeout(stop, Math.max(500, (limitSeconds - STOP_EARLY_SECONDS) * 1000));
    timer = window.setInterval(() => tick(Math.max(0, Math.ceil(limitSeconds - seconds()))), 250);
  };
  // Chunks every second keep memory flat and lose at most a second if the tab dies.
  recorder.start(1000);
  tick(limitSeconds ?? 0);
  return { stop, done };
}
