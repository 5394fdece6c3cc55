import { t } from '../i18n/candidate';
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
      el('p', { class: 'muted' }, t.practice.heading),
      el('h1', {}, t.practice.question),
      el('p', { class: 'muted' }, t.practice.limit(t.common.duration(timeLimit))),
    ];
    const startInterview = () => el('button', { type: 'button', onclick: () => resolve() }, t.practice.start);
    const preview = () => {
      const video = el('video', { class: 'preview', 'aria-label': t.device.preview, muted: true, playsinline: true, autoplay: true });
      video.muted = true;
      video.srcObject = stream;
      return video;
    };

    const screen = (...children: Array<HTMLElement | null>) => show(root, el('main', { class: 'card' }, ...heading(), ...children));

    const ready = () => {
      const start = el('button', { type: 'button', onclick: () => recordOnce() }, t.question.start);
      show(
        root,
        el('main', { class: 'card' }, ...heading(), el('p', {}, t.practice.intro), preview(), el('div', { class: 'actions' }, start, startInterview())),
      );
    };

    const recordOnce = () => {
      const clock = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
      const take = record(stream, timeLimit, (left) => (clock.textContent = t.question.remaining(t.common.clock(left))));
      const stop = el('button', { type: 'button', class: 'stop', onclick: () => take.stop() }, t.question.stop);
      screen(el('p', { class: 'recording-badge' }, el('span', { class: 'dot', 'aria-hidden': 'true' }), t.question.recording), clock, preview(), stop);
      stop.focus();
      void guardLeaving(take.done).then((recording) => {
        const url = URL.createObjectURL(recording.blob);
        const again = el('button', { type: 'button', class: 'secondary' }, t.practice.again);
        const go = startInterview();
        again.addEventListener('click', () => {
          URL.revokeObjectURL(url);
          recordOnce();
        });
        go.addEventListener('click', () => URL.revokeObjectURL(url));
        screen(
          el('h2', {}, t.practice.playback),
          el('video', { class: 'preview', controls: true, playsinline: true, src: url, 'aria-label': t.practice.playback }),
          el('p', { role: 'status', class: 'notice' }, t.practice.notSent),
          el('div', { class: 'actions' }, go, again),
        );
        go.focus();
      });
    };

    ready();
  });
}
