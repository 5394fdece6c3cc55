import { text } from '../i18n/texts';
import { el, show } from '../shared/dom';
import { guardLeaving } from './leave-guard';
import { record } from './recorder';
import { livePreview, recordingPlayer, takeClock } from './take-clock';

/**
 * A practice answer before the real questions: the same recorder and time limit, played back on the page and
 * never uploaded nor counted (the API shows no take). Resolves when the candidate chooses to start the interview.
 */
export function practiceQuestion(root: HTMLElement, stream: MediaStream, timeLimit: number | null): Promise<void> {
  return new Promise((resolve) => {
    const heading = () => [
      el('p', { class: 'muted' }, text().practice.heading),
      el('h1', {}, text().practice.question),
      el('p', { class: 'muted' }, timeLimit === null ? text().accommodation.noTimeLimit : text().practice.limit(text().common.duration(timeLimit))),
    ];
    const startInterview = () => el('button', { type: 'button', onclick: () => resolve() }, text().practice.start);
    const preview = () => livePreview(stream);

    const screen = (...children: Array<HTMLElement | null>) => show(root, el('main', { class: 'card' }, ...heading(), ...children));

    const ready = () => {
      const start = el('button', { type: 'button', onclick: () => recordOnce() }, text().question.start);
      show(
        root,
        el('main', { class: 'card' }, ...heading(), el('p', {}, text().practice.intro), preview(), el('div', { class: 'actions' }, start, startInterview())),
      );
    };

    const recordOnce = () => {
      const clock = takeClock(timeLimit);
      const take = record(stream, timeLimit, clock.tick);
      const stop = el('button', { type: 'button', class: 'stop', onclick: () => take.stop() }, text().question.stop);
      screen(
        el('p', { class: 'recording-badge' }, el('span', { class: 'dot', 'aria-hidden': 'true' }), text().question.recording),
        clock.element,
        preview(),
        stop,
      );
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
          recordingPlayer(url, recording.audioOnly === true, text().practice.playback),
          el('p', { role: 'status', class: 'notice' }, text().practice.notSent),
          el('div', { class: 'actions' }, go, again),
        );
        go.focus();
      });
    };

    ready();
  });
}
