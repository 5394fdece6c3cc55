/** A job video's captions (issue 42): a WebVTT file kept beside the video in media storage, one per video. */
export interface JobVideoCaptions {
  /** A new one with every file set, so that a replaced file's object is never the new one's. */
  uuid: string;
  storageKey: string;
  size: number;
  createdAt: Date;
}

/** The gateway's body limit (1 MB), checked again here: captions are read whole, in one message. */
export const MAX_CAPTIONS_BYTES = 1024 * 1024;

/** Where a video's captions live: beside the video, under the job's `jobs/<job uuid>/`. */
export function captionsKey(jobUuid: string, videoUuid: string, captionsUuid: string): string {
  return `jobs/${jobUuid}/${videoUuid}.captions.${captionsUuid}.vtt`;
}

/** Why a file is not WebVTT, or null when it is (and has at least one cue). */
export function webVttProblem(bytes: Uint8Array): string | null {
  if (bytes.length > MAX_CAPTIONS_BYTES) return `The captions are larger than ${MAX_CAPTIONS_BYTES} bytes`;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return 'The captions are not UTF-8 text';
  }
  if (text.includes('\u0000')) return 'The captions contain a NUL character';
  const lines = text.split(/\r\n|\r|\n/);
  // The signature: "WEBVTT" alone, or followed by a space or a tab and anything (RFC-like header of the W3C spec).
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0])) return 'The captions must begin with the line "WEBVTT"';
  let cues = 0;
  for (let i = 1; i < lines.length; i++) {
    // Only a cue's timing line may hold "-->": an identifier, a note or a cue's text may not.
    if (!lines[i].includes('-->')) continue;
    const timing = CUE_TIMING.exec(lines[i]);
    if (!timing) return `Line ${i + 1}: a cue timing is "hh:mm:ss.ttt --> hh:mm:ss.ttt" (hours optional), optionally followed by cue settings`;
    const start = secondsOf(timing[1], timing[2], timing[3], timing[4]);
    const end = secondsOf(timing[5], timing[6], timing[7], timing[8]);
    if (end <= start) return `Line ${i + 1}: a cue must end after it starts`;
    cues++;
  }
  return cues === 0 ? 'The captions have no cue' : null;
}

const TIMESTAMP = '(?:(\\d{2,}):)?([0-5]\\d):([0-5]\\d)\\.(\\d{3})';
const CUE_TIMING = new RegExp(`^${TIMESTAMP}[ \\t]+-->[ \\t]+${TIMESTAMP}(?:[ \\t].*)?$`);

function secondsOf(hours: string | undefined, minutes: string, seconds: string, millis: string): number {
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}
