import { en } from '../i18n/en';
import { ApiError } from '../shared/api';
import { el, show } from '../shared/dom';
import { liveRegion, say } from '../shared/screens';
import { call } from '../shared/session-api';
import { takePlayer } from '../shared/take-player';
import { dates, interviewOrNotFound, type Frame } from './frame';
import { hasCall, liveLink } from './live';

/**
 * `/interview/<uuid>/watch`: one interview for a signed-in user who may see it: candidate, job, status and dates,
 * each question's takes as videos (served with Range by the API, authenticated by the cookie), the rating
 * (PUT /interviews/<uuid>, the same use case an integrator's key reaches) and the basic share link. Anything the
 * API will not show this user, another company's interview included, is the same "not found".
 */

interface Question {
  uuid: string;
  text: string;
  skipped: boolean;
}

interface Interview {
  uuid: string;
  type: string;
  status: string;
  scheduled_at: string;
  completed_at: string | null;
  created_at: string;
  rating: number | null;
  job_post: { title: string } | null;
  assigned_to: { name: string } | null;
  share_link: { url: string } | null;
}

interface Take {
  uuid: string;
  number: number;
  duration_seconds: number;
}

const RATINGS = Array.from({ length: 11 }, (_, i) => i / 2);

async function questionItem(interview: Interview, question: Question, index: number): Promise<HTMLElement> {
  const base = `/v1.0/interviews/${interview.uuid}/questions/${question.uuid}`;
  const takes = question.skipped ? [] : (await call<Take[]>('GET', `${base}/takes`)).body;
  const body = question.skipped
    ? el('p', { class: 'skipped' }, en.company.skipped)
    : takes.length === 0
      ? el('p', { class: 'muted' }, en.company.noTakes)
      : el(
          'ul',
          { class: 'takes' },
          ...takes.map((take) => {
            const label = en.company.take(take.number, takes.length, en.common.duration(Math.round(take.duration_seconds)));
            return el('li', {}, el('p', {}, label), takePlayer(`${base}/takes/${take.uuid}/video`, `${question.text}: ${label}`));
          }),
        );
  return el('li', { class: 'shared-question' }, el('h2', {}, en.company.questionHeading(index + 1)), el('p', {}, question.text), body);
}

function ratingSection(interview: Interview): HTMLElement {
  const status = liveRegion();
  const rating = el('select', { id: 'rating', name: 'rating' });
  if (interview.rating === null) rating.append(el('option', { value: '', selected: true }, en.company.notRated));
  for (const value of RATINGS) rating.append(el('option', { value: String(value), selected: interview.rating === value }, en.company.stars(value)));
  const button = el('button', { type: 'submit' }, en.company.saveRating);
  const form = el('form', {}, el('label', { for: 'rating' }, en.company.rating), rating, button, status);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (rating.value === '') return;
    const value = Number(rating.value);
    button.disabled = true;
    call<Interview>('PUT', `/v1.0/interviews/${interview.uuid}`, { rating: value })
      .then(() => say(status, en.company.ratingSaved(value), 'ok'))
      .catch((error: unknown) => say(status, en.company.refusals[error instanceof ApiError ? error.code : ''] ?? en.errors.unexpected, 'refusal'))
      .finally(() => (button.disabled = false));
  });
  return el('section', { 'aria-labelledby': 'rating-heading' }, el('h2', { id: 'rating-heading' }, en.company.ratingHeading), form);
}

function shareSection(interview: Interview): HTMLElement {
  const status = liveRegion();
  const linkOf = (url: string) => el('p', {}, `${en.company.shareLink}: `, el('a', { href: url }, url));
  const content: Node[] = [];
  if (interview.share_link) content.push(linkOf(interview.share_link.url));
  else if (interview.status !== 'completed') content.push(el('p', { class: 'muted' }, en.company.shareOnlyCompleted));
  else {
    const button = el('button', { type: 'button', class: 'secondary' }, en.company.createShareLink);
    button.addEventListener('click', () => {
      button.disabled = true;
      call<{ url: string }>('POST', `/v1.0/interviews/${interview.uuid}/share_link`)
        .then((created) => button.replaceWith(linkOf(created.body.url)))
        .catch((error: unknown) => {
          button.disabled = false;
          say(status, en.company.refusals[error instanceof ApiError ? error.code : ''] ?? en.errors.unexpected, 'refusal');
        });
    });
    content.push(button);
  }
  return el('section', { 'aria-labelledby': 'share-heading' }, el('h2', { id: 'share-heading' }, en.company.shareHeading), ...content, status);
}

export async function watchScreen(frame: Frame, uuid: string): Promise<void> {
  const interview = await interviewOrNotFound<Interview>(frame, uuid);
  if (!interview) return;
  // The question list, not the interview's embedded questions: only the former says which were skipped.
  const listed = (await call<Question[]>('GET', `/v1.0/interviews/${uuid}/questions`)).body;
  const questions = await Promise.all(listed.map((question, index) => questionItem(interview, question, index)));
  const candidate = interview.assigned_to?.name ?? '—';
  document.title = `${candidate}: ${interview.job_post?.title ?? ''}`;
  show(
    frame.root,
    el(
      'main',
      { class: 'card' },
      frame.header,
      el('p', {}, el('a', { href: '/interviews' }, en.company.backToList)),
      el('h1', {}, candidate),
      el('p', {}, en.company.job(interview.job_post?.title ?? '—')),
      dates(interview),
      hasCall(interview) ? el('p', {}, liveLink(interview.uuid, en.live.joinFromWatch)) : null,
      ratingSection(interview),
      shareSection(interview),
      el('ol', { class: 'shared-questions' }, ...questions),
    ),
  );
}
