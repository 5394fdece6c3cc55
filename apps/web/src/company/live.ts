import { text } from '../i18n/texts';
import { ApiError } from '../shared/api';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { liveRegion, say } from '../shared/screens';
import { deviceCheck } from '../candidate/device-check';
import { openCameraAndMicrophone } from '../candidate/devices';
import { api, ok, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { interviewOrNotFound } from './interview-page';
import { renderPage, type Workspace } from './ui/frame';
import { hasCall, watchHref } from './live-links';

type Interview = Schemas['Interview'];

/** A refusal of the call in a sentence: the call's own wording first, then the workspace's. */
function refusal(code: string): string {
  return text().live.refusals[code] ?? refusalSentence(new ApiError(0, code));
}

/** Why an interview has no call, as the call itself would refuse it. */
function closedCode(interview: Interview): string {
  if (interview.type !== 'live') return 'api.interview_not_live';
  return interview.status === 'expired' ? 'api.interview_expired' : `api.interview_already_${interview.status}`;
}

async function enter(interview: Interview, stream: MediaStream): Promise<void> {
  // The call and its recording are their own chunks, loaded on Join.
  const [{ enterRoom }, { startCallRecording }] = await Promise.all([import('../live/room'), import('../live/call-recording')]);
  enterRoom({
    root: document.getElementById('app')!,
    interviewUuid: interview.uuid,
    stream,
    refusal,
    startRecording: (participants, onError) => startCallRecording({ interviewUuid: interview.uuid, participants, onError }),
    recordingsLink: { href: watchHref(interview.uuid), text: text().workspace.watch.watchRecordings },
    endInterview: async () => {
      await ok(api.PUT('/interviews/{interviewUuid}', { params: { path: { interviewUuid: interview.uuid } }, body: { status: 'completed' } }));
    },
  });
}

/**
 * `/interview/<uuid>/live`: a signed-in company user who may see the interview joins its call as an interviewer,
 * after a camera and microphone check. The call says who may join and when (refusals are sentences); a reload
 * during the call goes straight back in.
 */
export async function liveScreen(workspace: Workspace, match: RegExpExecArray): Promise<void> {
  const uuid = match[1].toLowerCase();
  const interview = await interviewOrNotFound(workspace, uuid);
  if (!interview) return;
  if (sessionStorage.getItem(`vi:live:${uuid}:in-call`) && hasCall(interview)) {
    const stream = await openCameraAndMicrophone().catch(() => undefined);
    if (stream) return enter(interview, stream);
  }
  const candidate = interview.assigned_to?.name ?? text().workspace.common.none;
  const check = deviceCheck();
  const status = liveRegion();
  const join = el('button', { type: 'button', disabled: true }, text().live.join);
  void check.ready.then(() => (join.disabled = false));
  join.addEventListener('click', () => {
    join.disabled = true;
    join.textContent = text().live.joining;
    void check.ready.then((stream) =>
      enter(interview, stream).catch(() => {
        join.disabled = false;
        join.textContent = text().live.join;
        say(status, text().errors.unavailable, 'refusal');
      }),
    );
  });
  const open = hasCall(interview);
  renderPage(
    workspace,
    'interviews',
    text().live.heading(interview.job_post?.title ?? text().workspace.common.none),
    el('p', {}, el('a', { href: watchHref(uuid) }, candidate)),
    el('p', {}, el('strong', {}, text().live.when(localTime(interview.scheduled_at)))),
    el('p', { class: 'notice' }, text().live.recordedNotice),
    open ? check.section : el('p', { role: 'alert', class: 'refusal' }, refusal(closedCode(interview))),
    open ? join : null,
    status,
  );
}
