import { text } from '../i18n/texts';
import { languageSwitcher } from '../i18n/candidate';
import { ApiError } from '../shared/api';
import { el, show } from '../shared/dom';
import { browserTimeZone, localTime, zonedTime } from '../shared/format';
import { liveRegion, messageScreen, say } from '../shared/screens';
import type { CandidateApi, CandidateInterview } from './candidate-api';
import { deviceCheck } from './device-check';
import { openCameraAndMicrophone } from './devices';
import { companyBadge, jobVideo } from './landing';
import { refusalSentence } from './refusals';

/** The call opens this long before the interview starts (decision 038). */
const JOIN_OPENS_BEFORE_MS = 15 * 60_000;
const IN_CALL = (uuid: string) => `vi:live:${uuid}:in-call`;

/** A refusal of the call as a sentence: the live call's own wording first, then the candidate page's. */
export function liveRefusal(code: string): string {
  return text().live.refusals[code] ?? refusalSentence(new ApiError(0, code));
}

async function enter(root: HTMLElement, api: CandidateApi, stream: MediaStream): Promise<void> {
  // The room is its own chunk: the landing page stays small, the call's code loads on Join.
  const { enterRoom } = await import('../live/room');
  enterRoom({ root, interviewUuid: api.link.interviewUuid, token: api.link.token, stream, refusal: liveRefusal });
}

/**
 * The invitation link of a live interview: company, job, when (the candidate's time and the interview's zone), that
 * it is recorded, "confirm I will attend" (the candidate's accept), the calendar invitation, a camera and
 * microphone check, and Join, which opens 15 minutes before the start. A reload during the call goes back in. In the
 * candidate's language, with the recorder's switcher (decision 047).
 */
export function liveLanding(root: HTMLElement, api: CandidateApi, interview: CandidateInterview): void {
  document.title = text().live.title;
  if (sessionStorage.getItem(IN_CALL(interview.uuid))) {
    void openCameraAndMicrophone()
      .then((stream) => enter(root, api, stream))
      .catch(() => {
        sessionStorage.removeItem(IN_CALL(interview.uuid));
        liveLanding(root, api, interview);
      });
    return;
  }
  const company = interview.company?.name ?? '';
  const zone = interview.timezone;
  const zoned = zone && zone !== browserTimeZone() ? zonedTime(interview.scheduled_at, zone) : undefined;
  const opensAt = new Date(Date.parse(interview.scheduled_at) - JOIN_OPENS_BEFORE_MS);

  const attendStatus = liveRegion();
  const attend = el('button', { type: 'button', class: 'secondary' }, text().live.attend);
  attend.addEventListener('click', () => {
    attend.disabled = true;
    attend.textContent = text().live.attending;
    api
      .accept()
      .then(() => {
        attend.remove();
        say(attendStatus, text().live.attendanceConfirmed, 'ok');
        // The button is gone: focus goes to what replaced it, not to the page's start (a keyboard user keeps their place).
        attendStatus.tabIndex = -1;
        attendStatus.focus();
      })
      .catch((error: unknown) => {
        attend.disabled = false;
        attend.textContent = text().live.attend;
        say(attendStatus, refusalSentence(error), 'refusal');
      });
  });
  if (interview.status === 'accepted') say(attendStatus, text().live.attendanceConfirmed, 'ok');

  const calendarStatus = liveRegion();
  const calendar = el('button', { type: 'button', class: 'link' }, text().live.calendar);
  calendar.addEventListener('click', () => {
    api
      .calendar()
      .then((blob) => {
        const link = el('a', { href: URL.createObjectURL(blob), download: 'interview.ics' });
        link.click();
        URL.revokeObjectURL(link.href);
      })
      .catch((error: unknown) => say(calendarStatus, refusalSentence(error), 'refusal'));
  });

  const check = deviceCheck();
  const joinStatus = liveRegion();
  const join = el('button', { type: 'button', disabled: true, 'aria-describedby': 'join-hint' }, text().live.join);
  const hint = el('p', { class: 'muted', id: 'join-hint' }, text().live.joinFirstCheck);
  let stream: MediaStream | undefined;
  const refresh = () => {
    const open = Date.now() >= opensAt.getTime();
    join.disabled = !open || !stream;
    hint.textContent = !open ? text().live.joinOpensAt(localTime(opensAt.toISOString())) : !stream ? text().live.joinFirstCheck : '';
    hint.hidden = hint.textContent === '';
  };
  void check.ready.then((ready) => {
    stream = ready;
    refresh();
  });
  // Join opens by itself at its time: the page may be opened early and left waiting.
  const untilOpen = opensAt.getTime() - Date.now();
  if (untilOpen > 0 && untilOpen < 2 ** 31 - 1) setTimeout(refresh, untilOpen + 50);
  join.addEventListener('click', () => {
    if (!stream) return;
    join.disabled = true;
    join.textContent = text().live.joining;
    enter(root, api, stream).catch(() => {
      join.disabled = false;
      join.textContent = text().live.join;
      say(joinStatus, text().errors.unavailable, 'refusal');
    });
  });
  refresh();

  show(
    root,
    el(
      'main',
      { class: 'card' },
      // The same switcher as the recorder's landing: the page renders again in the chosen language.
      languageSwitcher(() => liveLanding(root, api, interview)),
      el('header', {}, companyBadge(interview.company)),
      el('h1', {}, text().live.heading(interview.job_post?.title ?? '')),
      el('p', {}, text().live.invitedBy(company)),
      jobVideo(interview),
      el('p', { class: 'due' }, el('strong', {}, text().live.when(localTime(interview.scheduled_at)))),
      zoned && zone ? el('p', { class: 'muted' }, text().live.whenInterviewZone(zoned, zone)) : null,
      el('p', { class: 'notice' }, text().live.recordedNotice),
      interview.transcribed ? el('p', { class: 'notice transcribed' }, text().live.transcribed) : null,
      calendar,
      calendarStatus,
      el('h2', {}, text().live.attendHeading),
      interview.status === 'requested' ? attend : null,
      attendStatus,
      check.section,
      hint,
      join,
      joinStatus,
    ),
  );
}

/** Closed calls: a sentence each, never JSON. */
export function liveClosed(root: HTMLElement, interview: CandidateInterview): boolean {
  const code = { canceled: 'api.interview_already_canceled', completed: 'api.interview_already_completed', expired: 'api.interview_expired' }[
    interview.status as 'canceled' | 'completed' | 'expired'
  ];
  if (!code) return false;
  messageScreen(root, text().live.title, liveRefusal(code), interview.status === 'completed' ? 'status' : 'alert');
  return true;
}
