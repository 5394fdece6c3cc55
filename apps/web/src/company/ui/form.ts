import { text } from '../../i18n/texts';
import { ApiError } from '../../shared/api';
import { el } from '../../shared/dom';
import { fieldSentence, refusalSentence } from '../refusals';

/**
 * Form fields with their own error line, and a form-level alert. A refusal is shown beside its cause: each field
 * the API names (`errors[].field`, a JSON path) finds its control by `data-field`, the deepest match winning
 * (`questions.0.text`, else `questions.0`, else `questions`); what matches no control goes to the form's alert.
 * Nothing is re-rendered on a refusal, so nothing typed is lost.
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

function errorLineOf(control: Control): HTMLElement | null {
  return document.querySelector(`[data-error-for="${control.id}"]`);
}

export function clearRefusal(form: HTMLElement): void {
  for (const control of form.querySelectorAll<Control>('[aria-invalid="true"]')) {
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

function controlFor(form: HTMLElement, path: string): Control | null {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const found = form.querySelector<Control>(`[data-field="${CSS.escape(parts.slice(0, n).join('.'))}"]`);
    if (found) return found;
  }
  return null;
}

/** Shows `error` beside its causes (fields) or in the form's alert, and moves focus to the first. */
export function showRefusal(form: HTMLElement, error: unknown): void {
  clearRefusal(form);
  const alert = form.querySelector<HTMLElement>('.form-alert');
  const unplaced: string[] = [];
  let first: HTMLElement | null = null;
  if (error instanceof ApiError && error.fieldErrors.length > 0) {
    for (const refused of error.fieldErrors) {
      const control = controlFor(form, refused.field);
      const line = control && errorLineOf(control);
      if (control && line) {
        control.setAttribute('aria-invalid', 'true');
        const sentence = fieldSentence(refused.code, refused.field);
        line.textContent = line.textContent ? `${line.textContent} ${sentence}` : sentence;
        first ??= control;
      } else unplaced.push(text().workspace.refusals.fieldAt(refused.field, fieldSentence(refused.code, refused.field)));
    }
  }
  if (alert && (first === null || unplaced.length > 0)) {
    alert.textContent = [refusalSentence(error), ...unplaced].join(' ');
    alert.hidden = false;
    first ??= alert;
  }
  if (first) {
    if (first === alert) first.tabIndex = -1;
    first.focus();
  }
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
