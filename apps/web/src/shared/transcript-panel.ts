import type { components } from '@vi/api-client';
import { text } from '../i18n/texts';
import { append, el } from './dom';
import { clock } from './format';

type Transcript = components['schemas']['Transcript'];
type TranscriptSegment = components['schemas']['TranscriptSegment'];

/**
 * A take's or a recording's transcript beside its player (issue 43, decision 073), on the workspace's watch page and
 * the share page: the captions track (WebVTT from the API, on this page's origin so the CSP's `media-src 'self'`
 * allows it), a "Captions" toggle whose choice is remembered in this browser, and each segment a button that plays
 * from its start, the one playing marked `aria-current`. While the transcript is pending the page asks again now and
 * then; a failed one offers "Try again" where the page may ask (`retry`).
 */

export interface TranscriptPanelOptions {
  /** Unique on the page: the panel's heading is `<id>-heading`. */
  id: string;
  /** The panel's heading level: under the player's own heading. */
  level: 3 | 4;
  transcript: Transcript;
  /** The captions' path on this page's origin (`…/captions.vtt`); read once the transcript is done. */
  captionsPath: string;
  /** Reads the transcript again (while pending); absent, a pending transcript stays as shown. */
  reload?: () => Promise<Transcript>;
  /** Asks for it again (`POST …/transcript`); absent, a failed transcript offers nothing. */
  retry?: () => Promise<Transcript>;
  /** A refused retry as a sentence. */
  refusal?: (error: unknown) => string;
  /**
   * What to say when no transcript was asked (`off`); absent or null, the panel shows nothing. `ask(label)` is a
   * button asking for one (as "Try again" does), for a company that turned transcription on since.
   */
  off?: (ask: (label: string) => HTMLElement | null) => HTMLElement | null;
}

/** Where the reviewer's choice lives: `on` once they turned captions on, `off` once they turned them off. */
export const CAPTIONS_PREFERENCE_KEY = 'vi:captions';
/** How long a pending transcript waits before the page asks again. */
const RELOAD_MS = 5_000;

export function captionsPreferred(): boolean {
  try {
    return window.localStorage.getItem(CAPTIONS_PREFERENCE_KEY) === 'on';
  } catch {
    // Storage refused (a private window's policy): captions start hidden and the toggle still works.
    return false;
  }
}

function rememberCaptions(on: boolean): void {
  try {
    window.localStorage.setItem(CAPTIONS_PREFERENCE_KEY, on ? 'on' : 'off');
  } catch {
    // Not remembered; nothing else depends on it.
  }
}

/** The segment playing at `ms`: the last one started at or before it and not yet ended; -1 for none. */
export function segmentAt(segments: readonly TranscriptSegment[], ms: number): number {
  for (let i = segments.length - 1; i >= 0; i--) {
    if (segments[i].start_ms <= ms) return ms < segments[i].end_ms ? i : -1;
  }
  return -1;
}

/** The `<track>` of the captions, appended to the player once, and the toggle that shows or hides it. */
function captionsToggle(player: HTMLMediaElement, transcript: Transcript, captionsPath: string): HTMLButtonElement {
  let track = player.querySelector('track');
  if (!track) {
    track = el('track', { kind: 'captions', label: text().common.captions, srclang: transcript.language, src: captionsPath, default: captionsPreferred() });
    player.append(track);
    // A track added after the video loaded is not always selected by its `default`: say it.
    if (captionsPreferred()) track.track.mode = 'showing';
  }
  const cues = track.track;
  const toggle = el(
    'button',
    { type: 'button', class: 'secondary small captions-toggle', 'aria-pressed': String(captionsPreferred()) },
    text().transcript.captions,
  );
  const sync = () => toggle.setAttribute('aria-pressed', String(cues.mode === 'showing'));
  toggle.addEventListener('click', () => {
    const on = cues.mode !== 'showing';
    cues.mode = on ? 'showing' : 'disabled';
    rememberCaptions(on);
    sync();
  });
  // The player's own captions menu changes the same track: the toggle follows it, and the choice is remembered.
  player.textTracks.addEventListener('change', () => {
    if (!toggle.isConnected) return;
    const on = cues.mode === 'showing';
    if (on !== (toggle.getAttribute('aria-pressed') === 'true')) rememberCaptions(on);
    sync();
  });
  return toggle;
}

/** Each segment a button playing from its start; the one playing marked as the video moves. */
function segmentList(player: HTMLMediaElement, segments: TranscriptSegment[], labelledBy: string): HTMLElement {
  const buttons = segments.map((segment) => {
    const button = el('button', { type: 'button', class: 'segment' }, text().transcript.segment(clock(segment.start_ms / 1000), segment.text.trim()));
    button.addEventListener('click', () => {
      player.currentTime = segment.start_ms / 1000;
      void player.play().catch(() => undefined);
    });
    return button;
  });
  const list = el('ol', { class: 'transcript-segments', 'aria-labelledby': labelledBy }, ...buttons.map((button) => el('li', {}, button)));
  let current = -1;
  const mark = () => {
    const now = segmentAt(segments, player.currentTime * 1000);
    if (now === current) return;
    buttons[current]?.removeAttribute('aria-current');
    current = now;
    const button = buttons[current];
    if (!button) return;
    button.setAttribute('aria-current', 'true');
    // Keeps the playing segment in the list's view without scrolling the page under the reader.
    const item = button.parentElement as HTMLElement;
    // The list is positioned, so an item's offsetTop is within it.
    if (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = item.offsetTop;
  };
  player.addEventListener('timeupdate', mark);
  player.addEventListener('seeked', mark);
  return list;
}

export function transcriptPanel(player: HTMLMediaElement, options: TranscriptPanelOptions): HTMLElement {
  const headingId = `${options.id}-heading`;
  const panel = el('section', { class: 'transcript', id: options.id, 'aria-labelledby': headingId });
  const heading = () => el(options.level === 3 ? 'h3' : 'h4', { id: headingId }, text().transcript.heading);
  const render = (transcript: Transcript, said?: string) => {
    panel.replaceChildren();
    panel.hidden = false;
    if (transcript.status === 'off') {
      const off = options.off?.(askButton) ?? null;
      if (off) panel.append(heading(), off);
      else panel.hidden = true;
      return;
    }
    if (transcript.status === 'done') {
      panel.append(
        el(
          'div',
          { class: 'transcript-head' },
          heading(),
          // An audio answer (issue 42) has no picture to show captions on: its transcript is what the reader reads.
          player instanceof HTMLVideoElement ? captionsToggle(player, transcript, options.captionsPath) : null,
        ),
        transcript.segments.length > 0 ? segmentList(player, transcript.segments, headingId) : el('p', { class: 'muted' }, text().transcript.empty),
      );
      return;
    }
    if (transcript.status === 'pending') {
      panel.append(heading(), el('p', { class: 'muted', role: 'status' }, said ?? text().transcript.pending));
      const reload = options.reload;
      if (reload)
        window.setTimeout(() => {
          if (!panel.isConnected) return;
          reload()
            .then((now) => render(now, now.status === 'pending' ? said : undefined))
            .catch(() => render(transcript, said));
        }, RELOAD_MS);
      return;
    }
    append(panel, heading(), el('p', {}, text().transcript.failed), askButton(text().common.retry));
  };
  /** A button asking for the transcript again (`retry`), with the sentence of a refusal under it; null without `retry`. */
  const askButton = (label: string): HTMLElement | null => {
    const retry = options.retry;
    if (!retry) return null;
    const alert = el('p', { class: 'refusal', role: 'alert' });
    const again = el('button', { type: 'button', class: 'secondary small' }, label);
    again.addEventListener('click', () => {
      again.disabled = true;
      alert.textContent = '';
      retry()
        .then((pending) => render(pending, text().transcript.retried))
        .catch((error: unknown) => {
          again.disabled = false;
          alert.textContent = options.refusal ? options.refusal(error) : text().errors.unexpected;
        });
    });
    return el('div', { class: 'transcript-ask' }, again, alert);
  };
  render(options.transcript);
  return panel;
}
