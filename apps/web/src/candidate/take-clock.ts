import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { announcementDue } from './accommodations';

/**
 * The recording's clock: the time left under a limit, or the time recorded with none (`unlimited_time`: no
 * countdown). The visible clock is silent for screen readers (it changes every second); a polite live region says
 * the time left once at 60, 30 and 10 seconds (issue 42), and nothing more.
 */
export function takeClock(limitSeconds: number | null): { element: HTMLElement; tick(seconds: number): void } {
  const clock = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
  const announcer = el('p', { class: 'visually-hidden', 'aria-live': 'polite', role: 'status' });
  const announced = new Set<number>();
  const tick = (seconds: number) => {
    if (limitSeconds === null) {
      clock.textContent = text().accommodation.elapsed(text().common.clock(seconds));
      return;
    }
    clock.textContent = text().question.remaining(text().common.clock(seconds));
    const mark = announcementDue(seconds, limitSeconds, announced);
    if (mark === undefined) return;
    announced.add(mark);
    announcer.textContent = text().accommodation.announceLeft(text().common.clock(mark));
  };
  return { element: el('div', { class: 'take-clock' }, clock, announcer), tick };
}

/** The camera's preview while recording; nothing when the stream has no camera (an audio-only interview). */
export function livePreview(stream: MediaStream): HTMLVideoElement | null {
  if (stream.getVideoTracks().length === 0) return null;
  const video = el('video', { class: 'preview', 'aria-label': text().device.preview, muted: true, playsinline: true, autoplay: true });
  video.muted = true;
  video.srcObject = stream;
  return video;
}

/** A recording played back: `<audio>` for a take with sound only, `<video>` otherwise. */
export function recordingPlayer(url: string, audioOnly: boolean, label: string): HTMLMediaElement {
  return audioOnly
    ? el('audio', { class: 'audio-take', controls: true, src: url, 'aria-label': label })
    : el('video', { class: 'preview', controls: true, playsinline: true, src: url, 'aria-label': label });
}
