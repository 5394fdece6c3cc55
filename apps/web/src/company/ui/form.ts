import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { clearRefusal, placeRefusal } from '../../shared/refusal-placement';
import { fieldSentence, refusalSentence } from '../refusals';

export { clearRefusal };

/**
 * Form fields with their own error line, and a form-level alert. A refusal is shown beside its cause
 * (`shared/refusal-placement.ts`: each field the API names finds its control by `data-field`, the deepest match
 * winning; what matches no control goes to the form's alert). Nothing is re-rendered on a refusal, so nothing typed
 * is lost.
 */

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

let nextId = 0;

/** A labelled control with its hint and its (empty) error line; `apiField` is the JSON path the API names it by. */
export function field(label: string, control: Control, options: { apiField?: string; hint?: string } = {}): HTMLElement {
  nextId += 1;
  if (!control.id) control.id = `field-${nextId}`;
  const errorId = `${control.id}-error`;
  const hintId = `${control.id}-hint`;
  control.setAttribute('aria-describedby', options.hint ? `${hintId} ${errorId}` : errorId);
  if (options.apiField) control.dataset.field = options.apiField;
  return el(
    'div',
    { class: 'field' },
    el('label', { for: control.id }, label),
    options.hint ? el('p', { id: hintId, class: 'hint' }, options.hint) : null,
    control,
    el('p', { id: errorId, class: 'field-error', 'data-error-for': control.id }),
  );
}

export function input(attributes: Record<string, string | number | boolean | undefined> = {}): HTMLInputElement {
  return el('input', { type: 'text', ...attributes });
}

export function select(options: Record<string, string>, value?: string, attributes: Record<string, string | boolean | undefined> = {}): HTMLSelectElement {
  const node = el('select', attributes);
  for (const [key, text] of Object.entries(options)) node.append(el('option', { value: key, selected: key === value }, text));
  return node;
}

/** The alert at the top of a form that says what went wrong when it is not one field's fault. */
export function formAlert(): HTMLParagraphElement {
  return el('p', { class: 'refusal form-alert', role: 'alert', hidden: true });
}

/** Shows `error` beside its causes (fields) or in the form's alert, in the workspace's sentences, and moves focus to the first. */
export function showRefusal(form: HTMLElement, error: unknown): void {
  placeRefusal(form, error, { general: refusalSentence, field: fieldSentence, fieldAt: text().workspace.refusals.fieldAt });
}

/** Runs `work` on submit with the submit button disabled; a refusal is shown beside its cause. */
export function onSubmit(form: HTMLFormElement, work: () => Promise<void>): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"]')];
    for (const button of buttons) button.disabled = true;
    clearRefusal(form);
    work()
      .catch((error: unknown) => showRefusal(form, error))
      .finally(() => {
        for (const button of buttons) button.disabled = false;
      });
  });
}
