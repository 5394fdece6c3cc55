import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { localTime, shortTime } from '../../shared/format';
import type { Schemas } from '../api';

/**
 * A callback to an ATS as one line: when, what the ATS answered (delivered when 2xx) or that no answer came, and the
 * error as recorded; a list of them folds the older attempts away (the pure parts unit-tested beside).
 */

type Attempt = Schemas['CallbackAttempt'];

export interface OutcomeTexts {
  delivered: (code: number) => string;
  refused: (code: number) => string;
  noAnswer: string;
}

/** How many attempts a row shows; older ones fold into "n earlier attempts". */
export const SHOWN_ATTEMPTS = 3;

export function callbackOutcome(attempt: Pick<Attempt, 'status_code'>, texts: OutcomeTexts): { delivered: boolean; sentence: string } {
  const code = attempt.status_code;
  if (code === null) return { delivered: false, sentence: texts.noAnswer };
  const delivered = code >= 200 && code < 300;
  return { delivered, sentence: delivered ? texts.delivered(code) : texts.refused(code) };
}

/** The attempts (oldest first, as the API lists them) split into the folded earlier ones and the last `shown`. */
export function foldAttempts<T>(attempts: T[], shown = SHOWN_ATTEMPTS): { earlier: T[]; recent: T[] } {
  const cut = Math.max(0, attempts.length - shown);
  return { earlier: attempts.slice(0, cut), recent: attempts.slice(cut) };
}

export function attemptLine(attempt: Attempt): HTMLElement {
  const outcome = callbackOutcome(attempt, text().workspace.ats);
  return el(
    'span',
    { class: 'attempt' },
    el('time', { datetime: attempt.at, title: localTime(attempt.at) }, shortTime(attempt.at)),
    ' ',
    el('span', { class: outcome.delivered ? 'ok' : 'refusal' }, outcome.sentence),
    attempt.error ? el('span', { class: 'attempt-error' }, attempt.error) : null,
  );
}

export function attemptList(attempts: Attempt[]): HTMLElement {
  if (attempts.length === 0) return el('span', { class: 'muted' }, text().workspace.ats.noCallbacks);
  const list = (items: Attempt[]) => el('ol', { class: 'attempts' }, ...items.map((a) => el('li', {}, attemptLine(a))));
  const { earlier, recent } = foldAttempts(attempts);
  return el(
    'div',
    {},
    earlier.length > 0 ? el('details', { class: 'earlier' }, el('summary', {}, text().workspace.ats.earlierCallbacks(earlier.length)), list(earlier)) : null,
    list(recent),
  );
}
