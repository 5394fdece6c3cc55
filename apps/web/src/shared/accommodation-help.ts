import { text } from '../i18n/texts';
import { ApiError } from './api';
import { el } from './dom';
import { waitOf } from './format';
import { liveRegion, say } from './screens';

/** The request's length as the API takes it (issue 42): 1–2,000 characters of plain text. */
export const ACCOMMODATION_MESSAGE_MAX = 2000;

export interface AccommodationHelp {
  /** Writes the help again in the current language (after the language switcher). */
  render(): void;
}

/**
 * "Need an accommodation?" in the same place on every candidate page (WCAG 2.2 3.2.6, Consistent Help): a landmark
 * right after the page's content, outside the screens that come and go, so it stays where it was from the landing to
 * the last question. It opens the request form (`send`), or, where there is no interview yet (the apply page), says
 * how to ask once there is one.
 */
export function mountAccommodationHelp(root: HTMLElement, send?: (message: string) => Promise<unknown>): AccommodationHelp {
  const aside = el('aside', { class: 'page-help', id: 'accommodation-help' });
  root.after(aside);
  let sent = false;
  let open = false;

  const render = () => {
    const toggle = el(
      'button',
      { type: 'button', class: 'link help-toggle', 'aria-expanded': String(open), 'aria-controls': 'accommodation-panel' },
      text().accommodation.help,
    );
    const panel = el('div', { id: 'accommodation-panel', class: 'help-panel', hidden: !open });
    aside.setAttribute('aria-label', text().accommodation.help);
    toggle.addEventListener('click', () => {
      open = !open;
      toggle.setAttribute('aria-expanded', String(open));
      panel.hidden = !open;
      // Opened: focus on what to do there, the message (or, without a form, the panel's heading).
      if (open) (panel.querySelector('textarea') ?? heading).focus();
    });
    const heading = el('h2', { id: 'accommodation-heading', tabindex: -1 }, text().accommodation.heading);
    if (!send) {
      panel.append(heading, el('p', {}, text().accommodation.applyNote));
    } else if (sent) {
      panel.append(heading, el('p', { class: 'ok', role: 'status' }, text().accommodation.sent));
    } else {
      panel.append(
        heading,
        el('p', {}, text().accommodation.intro),
        requestForm(send, panel, heading, () => (sent = true)),
      );
    }
    aside.replaceChildren(toggle, panel);
  };
  render();
  // Every page's language switcher sets <html lang> (i18n/candidate.ts): the help follows it wherever it is.
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return { render };
}

function requestForm(send: (message: string) => Promise<unknown>, panel: HTMLElement, heading: HTMLElement, onSent: () => void): HTMLFormElement {
  const status = liveRegion();
  const message = el('textarea', {
    id: 'accommodation-message',
    name: 'message',
    rows: 4,
    maxlength: ACCOMMODATION_MESSAGE_MAX,
    required: true,
    'aria-describedby': 'accommodation-hint',
  });
  const submit = el('button', { type: 'submit' }, text().accommodation.send);
  const form = el(
    'form',
    { class: 'accommodation-form', novalidate: true },
    el('label', { for: 'accommodation-message' }, text().accommodation.label),
    el('p', { class: 'muted', id: 'accommodation-hint' }, text().accommodation.hint),
    message,
    el('div', { class: 'actions' }, submit),
    status,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const value = message.value.trim();
    const problem = value === '' ? text().accommodation.empty : value.length > ACCOMMODATION_MESSAGE_MAX ? text().accommodation.tooLong : undefined;
    if (problem) {
      message.setAttribute('aria-invalid', 'true');
      say(status, problem, 'refusal');
      message.focus();
      return;
    }
    message.removeAttribute('aria-invalid');
    submit.disabled = true;
    submit.textContent = text().accommodation.sending;
    send(value)
      .then(() => {
        onSent();
        // Sent once: the form gives way to the answer, so nothing is asked twice (3.3.7).
        panel.replaceChildren(heading, el('p', { class: 'ok', role: 'status' }, text().accommodation.sent));
        heading.focus();
      })
      .catch((error: unknown) => {
        submit.disabled = false;
        submit.textContent = text().accommodation.send;
        say(status, requestRefusal(error), 'refusal');
      });
  });
  return form;
}

function requestRefusal(error: unknown): string {
  if (error instanceof ApiError && error.code === 'api.accommodation_requests_exhausted')
    return text().accommodation.exhausted(...waitOf(error.retryAfter, 24 * 3600));
  if (error instanceof ApiError && error.fields.includes('message')) return text().accommodation.tooLong;
  if (error instanceof ApiError && (error.code === 'network' || error.status >= 500)) return text().errors.unavailable;
  if (error instanceof ApiError && (error.code === 'api.candidate_token_invalid' || error.code === 'api.key_not_set')) return text().errors.linkInvalid;
  return text().errors.unexpected;
}
