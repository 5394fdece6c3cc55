import { text } from '../i18n/texts';
import { captionsTrack } from '../shared/captions-track';
import { el } from '../shared/dom';
import { browserTimeZone, localTime, zonedTime } from '../shared/format';
import { takePlayer } from '../shared/take-player';
import { accommodationsOf, timeLimitOf } from './accommodations';
import { thinkSecondsOf, type CandidateInterview } from './candidate-api';

/** The company's avatar, or its initial when the image cannot be shown (another host, blocked by the CSP, or broken). */
export function companyBadge(company: { name: string; avatar: string } | null): HTMLElement {
  const name = company?.name ?? '';
  const initial = el('span', { class: 'avatar initial', 'aria-hidden': 'true' }, name.slice(0, 1).toUpperCase());
  const badge = el('div', { class: 'company' }, initial, el('span', { class: 'company-name' }, name));
  if (company?.avatar) {
    const image = el('img', { class: 'avatar', src: company.avatar, alt: text().common.companyLogo(name), width: 48, height: 48 });
    image.addEventListener('load', () => initial.replaceWith(image));
  }
  return badge;
}

/**
 * The job's video (decision 046), when it has one: the recruiter's word before the questions. Played from the path of
 * its url on this page's origin, as every call of the pages goes to the gateway that served them (the url's host is
 * PUBLIC_BASE_URL, the same gateway in a deployment); the player asks again when a presigned URL has expired.
 */
export function jobVideo(interview: CandidateInterview): HTMLElement | null {
  const video = interview.job_post?.video;
  if (!video) return null;
  const caption = text().common.jobVideo(interview.company?.name ?? '');
  const player = takePlayer(new URL(video.url).pathname, caption);
  const captions = captionsTrack(video.captions_url, text().common.captions);
  if (captions) player.append(captions);
  return el('figure', { class: 'job-video' }, player, el('figcaption', {}, caption));
}

/** Who invites, for which job, by when, and what the questions are: everything before the device check. */
export function landingDetails(interview: CandidateInterview): HTMLElement[] {
  const company = interview.company?.name ?? '';
  const job = interview.job_post?.title ?? '';
  const zone = interview.timezone;
  const zoned = zone && zone !== browserTimeZone() ? zonedTime(interview.scheduled_at, zone) : undefined;
  const accommodations = accommodationsOf(interview);
  const questions = interview.questions.map((q, i) => {
    const think = thinkSecondsOf(q);
    const limit = timeLimitOf(q);
    return el(
      'li',
      {},
      limit === null
        ? text().accommodation.questionNoLimit(i + 1, q.takes.limit)
        : text().landing.questionLimits(i + 1, text().common.duration(limit), q.takes.limit),
      think > 0 ? text().landing.thinkTime(text().common.duration(think)) : null,
    );
  });
  return [
    el('header', {}, companyBadge(interview.company)),
    el('h1', {}, text().landing.heading(job)),
    el('p', {}, text().landing.invitedBy(company)),
    jobVideo(interview),
    el('p', { class: 'due' }, el('strong', {}, text().landing.due(localTime(interview.scheduled_at)))),
    zoned && zone ? el('p', { class: 'muted' }, text().landing.dueInterviewZone(zoned, zone)) : null,
    el('h2', {}, text().landing.questionsHeading(interview.questions.length)),
    accommodations.time_multiplier > 1 && !accommodations.unlimited_time ? el('p', { class: 'muted' }, text().accommodation.extended) : null,
    el('ul', { class: 'questions' }, ...questions),
    accommodations.audio_only ? el('p', { class: 'notice' }, text().accommodation.audioOnly) : null,
    interview.transcribed ? el('p', { class: 'notice transcribed' }, text().landing.transcribed) : null,
    el('h2', {}, text().landing.whatHappens),
    el('ol', { class: 'steps' }, ...text().landing.steps.map((step) => el('li', {}, step))),
  ].filter((node): node is HTMLElement => node !== null);
}
