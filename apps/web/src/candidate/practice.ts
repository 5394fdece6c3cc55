import { text } from '../i18n/texts';
import { el, show } from '../shared/dom';
import { guardLeaving } from './leave-guard';
import { record } from './recorder';

/**
 * A practice answer before the real questions: the same recorder and time limit, played back on the page and
 * never uploaded nor counted (the API shows no take). Resolves when the candidate chooses to start the interview.
 */
export function practiceQuestion(root: HTMLElement, stream: MediaStream, timeLimit: number): Promise<void> {
  return new Promise((resolve) => {
    const heading = () => [
      el('p', { class: 'muted' }, text().practice.heading),
      el('h1', {}, text().practice.question),
      el('p', { class: 'muted' }, text().practice.limit(text().common.duration(timeLimit))),
    ];
    const startInterview = () => el('button', { type: 'button', onclick: () => resolve() }, text().practice.start);
    const preview = () => {
      const video = el('video', { class: 'preview', 'aria-label': text().device.preview, muted: true, playsinline: true, autoplay: true });
      video.muted = true;
      video.srcObject = stream;
      return video;
    };

    const screen = (...children: Array<HTMLElement | null>) => show(root, el('main', { class: 'card' }, ...heading(), ...children));

    const ready = () => {
      const start = el('button', { type: 'button', onclick: () => recordOnce() }, text().question.start);
      show(
        root,
        el('main', { class: 'card' }, ...heading(), el('p', {}, text().practice.intro), preview(), el('div', { class: 'actions' }, start, startInterview())),
      );
    };

    const recordOnce = () => {
      const clock = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
      const take = record(stream, timeLimit, (left) => (clock.textContent = text().question.remaining(text().common.clock(left))));
      const stop = el('button', { type: 'button', class: 'stop', onclick: () => take.stop() }, text().question.stop);
      screen(el('p', { class: 'recording-badge' }, el('span', { class: 'dot', 'aria-hidden': 'true' }), text().question.recording), clock, preview(), stop);
      stop.focus();
      void guardLeaving(take.done).then((recording) => {
        const url = URL.createObjectURL(recording.blob);
        const again = el('button', { type: 'button', class: 'secondary' }, text().practice.again);
        const go = startInterview();
        again.addEventListener('click', () => {
          URL.revokeObjectURL(url);
          recordOnce();
        });
        go.addEventListener('click', () => URL.revokeObjectURL(url));
        screen(
          el('h2', {}, text().practice.playback),
          el('video', { class: 'preview', controls: true, playsinline: true, src: url, 'aria-label': text().practice.playback }),
          el('p', { role: 'status', class: 'notice' }, text().practice.notSent),
          el('div', { class: 'actions' }, go, again),
        );
        go.focus();
      });
    };

    ready();
  });
}
