import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import type { CandidateLine } from '../candidate-lines';

/** Step 4, review: what will be sent (a sentence, the set's questions, the first ten candidates), then Change or Send. */
export interface ReviewStep {
  readonly element: HTMLElement;
  show(review: { sentence: string; questions?: string[]; candidates: CandidateLine[] }, on: { back(): void; send(button: HTMLButtonElement): void }): void;
  hide(): void;
}

export function reviewStep(): ReviewStep {
  const element = el('section', { class: 'summary', hidden: true, 'aria-labelledby': 'summary-heading' });
  return {
    element,
    show({ sentence, questions, candidates }, on) {
      const sendButton = el('button', { type: 'button' }, text().workspace.invite.send(candidates.length));
      const back = el('button', { type: 'button', class: 'secondary' }, text().workspace.invite.back);
      element.replaceChildren(
        el('h2', { id: 'summary-heading', tabindex: '-1' }, text().workspace.invite.summaryHeading),
        el('p', {}, sentence),
        questions ? el('ol', {}, ...questions.map((text) => el('li', {}, text))) : '',
        el(
          'ul',
          { class: 'compact' },
          ...candidates.slice(0, 10).map((c) => el('li', {}, `${c.name} <${c.email}>`)),
          candidates.length > 10 ? el('li', {}, '…') : null,
        ),
        el('div', { class: 'actions' }, back, sendButton),
      );
      element.hidden = false;
      (element.firstElementChild as HTMLElement).focus();
      back.addEventListener('click', () => on.back());
      sendButton.addEventListener('click', () => {
        sendButton.disabled = true;
        on.send(sendButton);
      });
    },
    hide() {
      element.hidden = true;
    },
  };
}
