import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { refusalSentence } from '../refusals';
import { navigateWithToast } from './toast';

/**
 * A modal dialog on the browser's own <dialog> (focus kept inside, Escape closes, focus returns to the opener).
 * `confirmDialog` asks before something that cannot be undone; `openDialog` holds a small form.
 */

export function openDialog(title: string, ...content: Node[]): { dialog: HTMLDialogElement; close: () => void } {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const heading = el('h2', { id: `dialog-${Date.now()}` }, title);
  const dialog = el('dialog', { 'aria-labelledby': heading.id, class: 'dialog' }, heading, ...content);
  const close = () => dialog.close();
  dialog.addEventListener('close', () => {
    dialog.remove();
    opener?.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  return { dialog, close };
}

export function confirmDialog(title: string, sentence: string, confirmLabel: string): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = false;
    const yes = el('button', { type: 'button', class: 'danger' }, confirmLabel);
    const no = el('button', { type: 'button', class: 'secondary' }, text().workspace.common.cancel);
    const { dialog, close } = openDialog(title, el('p', {}, sentence), el('div', { class: 'actions' }, no, yes));
    yes.addEventListener('click', () => {
      answer = true;
      close();
    });
    no.addEventListener('click', close);
    dialog.addEventListener('close', () => resolve(answer));
    no.focus();
  });
}

export interface IrreversibleAction {
  /** The button's text, the dialog's title and its confirming button. */
  label: string;
  /** What is acted on, for the button's accessible name in a list ("Delete: Jane Doe"). */
  subject?: string;
  /** The question the dialog asks. */
  sentence: string;
  work: () => Promise<unknown>;
  /** Where to go once done, and what the next page says. */
  then: { path: string; toast: string };
  /** Where a refusal is said, as a sentence. */
  alert: HTMLElement;
  kind?: string;
}

/** A button for what cannot be undone: it asks first, then acts; a refusal is a sentence in `alert`. */
export function irreversibleButton(action: IrreversibleAction): HTMLButtonElement {
  const button = el(
    'button',
    { type: 'button', class: action.kind ?? 'danger', 'aria-label': action.subject ? `${action.label}: ${action.subject}` : undefined },
    action.label,
  );
  button.addEventListener('click', () => {
    void confirmDialog(action.label, action.sentence, action.label).then(async (yes) => {
      if (!yes) return;
      try {
        await action.work();
        navigateWithToast(action.then.path, action.then.toast);
      } catch (error) {
        action.alert.textContent = refusalSentence(error);
      }
    });
  });
  return button;
}
