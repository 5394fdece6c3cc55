import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { localTime, shortTime } from '../../shared/format';
import type { Schemas } from '../api';

/** A callback to an ATS as one line: when, and the ATS's HTTP status or why no answer came (green when 2xx). */

type Attempt = Schemas['CallbackAttempt'];

/** How many attempts a row shows; older ones fold into "n earlier attempts". */
const SHOWN = 3;

const delivered = (attempt: Attempt) => attempt.status_code !== null && attempt.status_code >= 200 && attempt.status_code < 300;

function outcome(attempt: Attempt): string {
  const t = text().workspace.ats;
  if (attempt.status_code === null) return t.noAnswer;
  return delivered(attempt) ? t.delivered(attempt.status_code) : t.refused(attempt.status_code);
}

export function attemptLine(attempt: Attempt): HTMLElement {
  return el(
    'span',
    { class: 'attempt' },
    el('time', { datetime: attempt.at, title: localTime(attempt.at) }, shortTime(attempt.at)),
    ' ',
    el('span', { class: delivered(attempt) ? 'ok' : 'refusal' }, outcome(attempt)),
    attempt.error ? el('span', { class: 'attempt-error' }, attempt.error) : null,
  );
}

/** Every attempt, oldest first as the API lists them: the last few shown, the earlier ones behind a disclosure. */
export function attemptList(attempts: Attempt[]): HTMLElement {
  if (attempts.length === 0) return el('span', { class: 'muted' }, text().workspace.ats.noCallbacks);
  const list = (items: Attempt[]) => el('ol', { class: 'attempts' }, ...items.map((a) => el('li', {}, attemptLine(a))));
  const earlier = attempts.slice(0, Math.max(0, attempts.length - SHOWN));
  return el(
    'div',
    {},
    earlier.length > 0 ? el('details', { class: 'earlier' }, el('summary', {}, text().workspace.ats.earlierCallbacks(earlier.length)), list(earlier)) : null,
    list(attempts.slice(earlier.length)),
  );
}
