import { en } from '../i18n/en';
import { el, show } from '../shared/dom';
import { localTime } from '../shared/format';
import { liveRegion, say } from '../shared/screens';
import { call } from '../shared/session-api';
import { deviceCheck } from '../candidate/device-check';
import { openCameraAndMicrophone } from '../candidate/devices';
import { interviewOrNotFound, type Frame } from './frame';

interface LiveInterview {
  uuid: string;
  type: string;
  status: string;
  scheduled_at: string;
  job_post: { title: string } | null;
  assigned_to: { name: string } | null;
}

const OPEN = new Set(['requested', 'accepted']);

/** Whether a listed interview has a call to join now or later (the Join link of /interviews and the watch page). */
export function hasCall(interview: { type: string; status: string }): boolean {
  return interview.type === 'live' && OPEN.has(interview.status);
}

export function liveLink(uuid: string, text: string): HTMLAnchorElement {
  return el('a', { href: `/interview/${uuid}/live`, class: 'join-link' }, text);
}

function refusal(code: string): string {
  return en.live.refusals[code] ?? en.company.refusals[code] ?? en.errors.unexpected;
}

async function enter(frame: Frame, interview: LiveInterview, stream: MediaStream): Promise<void> {
  const { enterRoom } = await import('../live/room');
  enterRoom({
    root: frame.root,
    interviewUuid: interview.uuid,
    stream,
    refusal,
    endInterview: async () => {
      await call('PUT', `/v1.0/interviews/${interview.uuid}`, { status: 'completed' });
    },
  });
}

/**
 * `/interview/<uuid>/live`: a signed-in company user joins the interview's call as an interviewer, after a camera
 * and microphone check. The call itself says who may join and when (a refusal is shown as a sentence); a reload
 * during the call goes back in.
 */
export async function liveScreen(frame: Frame, uuid: string): Promise<void> {
  const interview = await interviewOrNotFound<LiveInterview>(frame, uuid);
  if (!interview) return;
  const candidate = interview.assigned_to?.name ?? '—';
  document.title = `${en.live.roomHeading}: ${candidate}`;
  if (sessionStorage.getItem(`vi:live:${uuid}:in-call`)) {
    const stream = await openCameraAndMicrophone().catch(() => undefined);
    if (stream) return enter(frame, interview, stream);
  }
  const check = deviceCheck();
  const status = liveRegion();
  const join = el('button', { type: 'button', disabled: true }, en.live.join);
  void check.ready.then(() => (join.disabled = false));
  join.addEventListener('click', () => {
    join.disabled = true;
    join.textContent = en.live.joining;
    void check.ready.then((stream) =>
      enter(frame, interview, stream).catch(() => {
        join.disabled = false;
        join.textContent = en.live.join;
        say(status, en.errors.unavailable, 'refusal');
      }),
    );
  });
  const closed = !hasCall(interview);
  show(
    frame.root,
    el(
      'main',
      { class: 'card' },
      frame.header,
      el('p', {}, el('a', { href: `/interview/${uuid}/watch` }, candidate)),
      el('h1', {}, en.live.heading(interview.job_post?.title ?? '—')),
      el('p', {}, el('strong', {}, en.live.when(localTime(interview.scheduled_at)))),
      el('p', { class: 'notice' }, en.live.recordedNotice),
      closed
        ? el(
            'p',
            { role: 'alert', class: 'refusal' },
            refusal(
              interview.type !== 'live'
                ? 'api.interview_not_live'
                : `api.interview_${interview.status === 'expired' ? 'expired' : `already_${interview.status}`}`,
            ),
          )
        : null,
      closed ? null : check.section,
      closed ? null : join,
      status,
    ),
  );
}
