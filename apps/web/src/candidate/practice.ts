import { en } from '../i18n/en';
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
      el('p', { class: 'muted' }, en.practice.heading),
      el('h1', {}, en.practice.question),
      el('p', { class: 'muted' }, en.practice.limit(en.common.duration(timeLimit))),
    ];
    const startInterview = () => el('button', { type: 'button', onclick: () => resolve() }, en.practice.start);
    const preview = () => {
      const video = el('video', { class: 'preview', 'aria-label': en.device.preview, muted: true, playsinline: true, autoplay: true });
      video.muted = true;
      video.srcObject = stream;
      return video;
    };

    const screen = (...children: Array<HTMLElement | null>) => show(root, el('main', { class: 'card' }, ...heading(), ...children));

    const ready = () => {
      const start = el('button', { type: 'button', onclick: () => recordOnce() }, en.question.start);
      show(
        root,
        el('main', { class: 'card' }, ...heading(), el('p', {}, en.practice.intro), preview(), el('div', { class: 'actions' }, start, startInterview())),
      );
    };

    const recordOnce = () => {
      const clock = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
      const take = record(stream, timeLimit, (left) => (clock.textContent = en.question.remaining(en.common.clock(left))));
      const stop = el('button', { type: 'button', class: 'stop', onclick: () => take.stop() }, en.question.stop);
      screen(el('p', { class: 'recording-badge' }, el('span', { class: 'dot', 'aria-hidden': 'true' }), en.question.recording), clock, preview(), stop);
      stop.focus();
      void guardLeaving(take.done).then((recording) => {
        const url = URL.createObjectURL(recording.blob);
        const again = el('button', { type: 'button', class: 'secondary' }, en.practice.again);
        const go = startInterview();
        again.addEventListener('click', () => {
          URL.revokeObjectURL(url);
          recordOnce();
        });
        go.addEventListener('click', () => URL.revokeObjectURL(url));
        screen(
          el('h2', {}, en.practice.playback),
          el('video', { class: 'preview', controls: true, playsinline: true, src: url, 'aria-label': en.practice.playback }),
          el('p', { role: 'status', class: 'notice' }, en.practice.notSent),
          el('div', { class: 'actions' }, go, again),
        );
        go.focus();
      });
    };

    ready();
  });
}
