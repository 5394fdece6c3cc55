import { en } from '../i18n/en';
import { ApiError } from '../shared/api';
import { el, pageRoot, show } from '../shared/dom';
import { localTime } from '../shared/format';
import { messageScreen } from '../shared/screens';
import { call, signInUrl } from '../shared/session-api';

/** What the company pages share: the signed-in frame, the way to sign-in, refusals and an interview's dates. */

export interface Frame {
  root: HTMLElement;
  /** The signed-in header (who, sign out) above a screen's content. */
  header: HTMLElement;
}

/** Sends a visitor without a (live) session to sign in, to come back to this very page. */
export function toSignIn(): void {
  location.replace(signInUrl(`${location.pathname}${location.search}`));
}

export function failed(error: unknown): void {
  if (error instanceof ApiError && (error.status === 401 || error.code === 'api.session_invalid')) return toSignIn();
  const code = error instanceof ApiError ? error.code : '';
  messageScreen(
    pageRoot(),
    en.company.interviewsHeading,
    en.company.refusals[code] ?? (error instanceof ApiError && error.status === 0 ? en.errors.unavailable : en.errors.unexpected),
  );
}

export function dates(interview: { status: string; scheduled_at: string; completed_at: string | null; created_at: string }): HTMLElement {
  return el(
    'p',
    { class: 'muted' },
    [
      en.company.statusLine(en.company.statuses[interview.status] ?? interview.status),
      en.company.due(localTime(interview.scheduled_at)),
      interview.completed_at ? en.company.completed(localTime(interview.completed_at)) : en.company.created(localTime(interview.created_at)),
    ].join(' · '),
  );
}

/** The same "not found" for anything the API will not show this user, another company's interview included. */
export function notFound(frame: Frame): void {
  document.title = en.company.notFoundHeading;
  show(
    frame.root,
    el(
      'main',
      { class: 'card' },
      frame.header,
      el('h1', {}, en.company.notFoundHeading),
      el('p', { role: 'alert', class: 'refusal' }, en.company.notFound),
      el('p', {}, el('a', { href: '/interviews' }, en.company.backToList)),
    ),
  );
}

/** `GET /v1.0/interviews/<uuid>`, or the "not found" screen (and undefined) when the API will not show it. */
export async function interviewOrNotFound<T>(frame: Frame, uuid: string): Promise<T | undefined> {
  try {
    return (await call<T>('GET', `/v1.0/interviews/${uuid}`)).body;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      notFound(frame);
      return undefined;
    }
    throw error;
  }
}
