import { el } from './dom';

export type TakeKind = 'video' | 'audio';

/** A take's `kind` as the API renders it (issue 42); a rendering without one is a video. */
export function takeKindOf(take: object): TakeKind {
  return (take as { kind?: unknown }).kind === 'audio' ? 'audio' : 'video';
}

/** At most one reload per this long: a video that keeps failing is left with its error, not reloaded in a loop. */
const RELOAD_GAP_MS = 10_000;

/**
 * A take's player. Its `src` is the API's video URL; where the deployment serves videos from its object store
 * (decision 024) that URL redirects to a presigned URL living a few minutes, and the browser keeps fetching
 * ranges from there: after a pause longer than that, or a seek on a page opened a while ago, the store refuses
 * and the player fails. Then it loads the API URL again (a new redirect, authorized again) and resumes where
 * it was.
 */
export function takePlayer(src: string, label: string): HTMLVideoElement;
/** An audio take (an `audio_only` interview, issue 42) plays in an `<audio>` element. */
export function takePlayer(src: string, label: string, kind: TakeKind): HTMLMediaElement;
export function takePlayer(src: string, label: string, kind: TakeKind = 'video'): HTMLMediaElement {
  const video =
    kind === 'audio'
      ? el('audio', { class: 'audio-take', controls: true, preload: 'metadata', src, 'aria-label': label })
      : el('video', { class: 'preview', controls: true, playsinline: true, preload: 'metadata', src, 'aria-label': label });
  let reloadedAt = -Infinity;
  video.addEventListener('error', () => {
    // A refused or failed fetch; a video that does not decode stays as it is.
    const fetchFailed = video.error?.code === MediaError.MEDIA_ERR_NETWORK || video.error?.code === MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED;
    if (!fetchFailed || Date.now() - reloadedAt < RELOAD_GAP_MS) return;
    reloadedAt = Date.now();
    const position = video.currentTime;
    const playing = !video.paused;
    video.addEventListener(
      'loadedmetadata',
      () => {
        video.currentTime = position;
        if (playing) void video.play().catch(() => undefined);
      },
      { once: true },
    );
    video.src = src;
    video.load();
  });
  return video;
}
