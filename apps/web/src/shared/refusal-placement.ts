import { ApiError } from './api';

/**
 * A refusal placed beside its cause (decision 044), for every page that has a form: each field the API names
 * (`errors[].field`, a JSON path) finds its control by `data-field`, the deepest match winning (`questions.0.text`,
 * else `questions.0`, else `questions`), and says its sentence in the control's error line (`data-error-for` its id);
 * what matches no control goes to the form's alert (`.form-alert`). The sentences are the page's: the workspace's
 * (English) or a candidate-facing page's, in its reader's language.
 */

export interface RefusalSentences {
  /** The refusal as one sentence (by its code, else its status). */
  general: (error: unknown) => string;
  /** A refused field's sentence, by its code and path. */
  field: (code: string, path: string) => string;
  /** A refused field that has no control on the form: where, and what. */
  fieldAt: (path: string, sentence: string) => string;
}

function errorLineOf(control: HTMLElement): HTMLElement | null {
  return document.querySelector(`[data-error-for="${control.id}"]`);
}

export function clearRefusal(form: HTMLElement): void {
  for (const control of form.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
    control.removeAttribute('aria-invalid');
    const line = errorLineOf(control);
    if (line) line.textContent = '';
  }
  const alert = form.querySelector<HTMLElement>('.form-alert');
  if (alert) {
    alert.textContent = '';
    alert.hidden = true;
  }
}

function controlFor(form: HTMLElement, path: string): HTMLElement | null {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const found = form.querySelector<HTMLElement>(`[data-field="${CSS.escape(parts.slice(0, n).join('.'))}"]`);
    if (found) return found;
  }
  return null;
}

/** Shows `error` beside its causes (fields) or in the form's alert, and moves focus to the first. */
export function placeRefusal(form: HTMLElement, error: unknown, sentences: RefusalSentences): void {
  clearRefusal(form);
  const alert = form.querySelector<HTMLElement>('.form-alert');
  const unplaced: string[] = [];
  let first: HTMLElement | null = null;
  if (error instanceof ApiError && error.fieldErrors.length > 0) {
    for (const refused of error.fieldErrors) {
      const control = controlFor(form, refused.field);
      const line = control && errorLineOf(control);
      const sentence = sentences.field(refused.code, refused.field);
      if (control && line) {
        control.setAttribute('aria-invalid', 'true');
        line.textContent = line.textContent ? `${line.textContent} ${sentence}` : sentence;
        first ??= control;
      } else unplaced.push(sentences.fieldAt(refused.field, sentence));
    }
  }
  if (alert && (first === null || unplaced.length > 0)) {
    alert.textContent = [sentences.general(error), ...unplaced].join(' ');
    alert.hidden = false;
    first ??= alert;
  }
  if (!first) return;
  if (first === alert) first.tabIndex = -1;
  // A group of radio buttons (a rating) takes focus on its first choice.
  const target = first instanceof HTMLFieldSetElement ? (first.querySelector<HTMLElement>('input:checked, input') ?? first) : first;
  target.focus();
}
