import { text } from '../i18n/texts';

/** Why the camera and microphone cannot be used, each with its own sentence and next step. */
export type DeviceProblem = 'insecure' | 'noMediaRecorder' | 'permissionDenied' | 'noCamera' | 'noMicrophone' | 'deviceBusy' | 'failed';

export class DeviceError extends Error {
  constructor(readonly problem: DeviceProblem) {
    super(problem);
  }

  get sentence(): string {
    return text().device[this.problem];
  }
}

/** The container the browser records: WebM where it can (Chrome, Firefox), MP4 otherwise (Safari); sound only for `audioOnly`. */
export function recordingMimeType(audioOnly = false): string | undefined {
  // VP8 before VP9: a fraction of the CPU to encode, which a phone (and a busy laptop) needs to keep up in real time.
  const candidates = audioOnly
    ? ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4']
    : ['video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9,opus', 'video/webm', 'video/mp4;codecs=avc1,mp4a', 'video/mp4'];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type));
}

function errorName(error: unknown): string {
  return error instanceof DOMException || error instanceof Error ? error.name : '';
}

/** Tells a missing camera from a missing microphone by asking for each alone. */
async function whichDeviceIsMissing(): Promise<DeviceProblem> {
  for (const [constraints, problem] of [
    [{ video: true }, 'noCamera'],
    [{ audio: true }, 'noMicrophone'],
  ] as const) {
    try {
      const stream = await navigator.mediaDevices.getUserMedia(constraints);
      stream.getTracks().forEach((track) => track.stop());
    } catch (error) {
      if (errorName(error) === 'NotFoundError' || errorName(error) === 'OverconstrainedError') return problem;
    }
  }
  return 'failed';
}

/** Camera and microphone together (the microphone alone for `audioOnly`), or a DeviceError saying what to do. */
export async function openCameraAndMicrophone(audioOnly = false): Promise<MediaStream> {
  if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) throw new DeviceError('insecure');
  if (typeof MediaRecorder === 'undefined' || !recordingMimeType(audioOnly)) throw new DeviceError('noMediaRecorder');
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: audioOnly ? false : { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
      audio: { echoCancellation: true, noiseSuppression: true },
    });
  } catch (error) {
    switch (errorName(error)) {
      case 'NotAllowedError':
      case 'SecurityError':
        throw new DeviceError('permissionDenied');
      case 'NotFoundError':
      case 'OverconstrainedError':
        throw new DeviceError(audioOnly ? 'noMicrophone' : await whichDeviceIsMissing());
      case 'NotReadableError':
      case 'AbortError':
        throw new DeviceError('deviceBusy');
      default:
        throw new DeviceError('failed');
    }
  }
}

/** Feeds a 0–1 loudness of the stream's microphone to `onLevel` every animation frame; returns a stop function. */
export function watchMicrophoneLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let frame = 0;
  const tick = () => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    // RMS of speech sits around 0.02–0.2: scale so normal speech fills most of the bar.
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 5));
    frame = requestAnimationFrame(tick);
  };
  tick();
  return () => {
    cancelAnimationFrame(frame);
    void context.close();
  };
}
