import { en } from '../i18n/en';
import { el } from '../shared/dom';
import { browserTimeZone, localTime, zonedTime } from '../shared/format';
import { thinkSecondsOf, type CandidateInterview } from './candidate-api';

/** The company's avatar, or its initial when the image cannot be shown (another host, blocked by the CSP, or broken). */
export function companyBadge(company: { name: string; avatar: string } | null): HTMLElement {
  const name = company?.name ?? '';
  const initial = el('span', { class: 'avatar initial', 'aria-hidden': 'true' }, name.slice(0, 1).toUpperCase());
  const badge = el('div', { class: 'company' }, initial, el('span', { class: 'company-name' }, name));
  if (company?.avatar) {
    const image = el('img', { class: 'avatar', src: company.avatar, alt: en.common.companyLogo(name), width: 48, height: 48 });
    image.addEventListener('load', () => initial.replaceWith(image));
  }
  return badge;
}

/** Who invites, for which job, by when, and what the questions are: everything before the device check. */
export function landingDetails(interview: CandidateInterview): HTMLElement[] {
  const company = interview.company?.name ?? '';
  const job = interview.job_post?.title ?? '';
  const zone = interview.timezone;
  const zoned = zone && zone !== browserTimeZone() ? zonedTime(interview.scheduled_at, zone) : undefined;
  const questions = interview.questions.map((q, i) => {
    const think = thinkSecondsOf(q);
    return el(
      'li',
      {},
      en.landing.questionLimits(i + 1, en.common.duration(q.time_limit), q.takes.limit),
      think > 0 ? en.landing.thinkTime(en.common.duration(think)) : null,
    );
  });
  return [
    el('header', {}, companyBadge(interview.company)),
    el('h1', {}, en.landing.heading(job)),
    el('p', {}, en.landing.invitedBy(company)),
    el('p', { class: 'due' }, el('strong', {}, en.landing.due(localTime(interview.scheduled_at)))),
    zoned && zone ? el('p', { class: 'muted' }, en.landing.dueInterviewZone(zoned, zone)) : null,
    el('h2', {}, en.landing.questionsHeading(interview.questions.length)),
    el('ul', { class: 'questions' }, ...questions),
    el('h2', {}, en.landing.whatHappens),
    el('ol', { class: 'steps' }, ...en.landing.steps.map((step) => el('li', {}, step))),
  ].filter((node): node is HTMLElement => node !== null);
}
