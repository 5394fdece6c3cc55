import { DeviceError, openCameraAndMicrophone } from '../candidate/devices';
import { record, type Recording } from '../candidate/recorder';
import { en } from '../i18n/en';
import { ws } from '../i18n/workspace';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { liveRegion, say } from '../shared/screens';
import { api, ok, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { irreversibleButton } from './ui/dialog';
import { navigateWithToast } from './ui/toast';

/**
 * A job's video on its page (decision 046): the current one played back with its facts and a Remove; a new one
 * recorded here with the candidate recorder's parts (the same camera check and MediaRecorder mime choice, stopped at
 * 3 minutes) or chosen from a file, watched before it is sent with `PUT /jobs/<uuid>/video` as the raw body.
 * A refusal is a sentence beside what caused it: the camera's under the recorder, the server's under the new video.
 */

/** As the server takes it (decision 046): 3 minutes, measured from the container. */
const LIMIT_SECONDS = 180;
const TYPES = ['video/webm', 'video/mp4'];

type VideoJob = Pick<Schemas['Job'], 'uuid' | 'title' | 'job_video'>;

/** A media URL of the API (absolute, under PUBLIC_BASE_URL) on this page's origin, which the CSP allows. */
function sameOrigin(url: string): string {
  const parsed = new URL(url, location.href);
  return `${parsed.pathname}${parsed.search}`;
}

function current(job: VideoJob): HTMLElement {
  const video = job.job_video;
  if (!video) return el('p', { class: 'muted' }, ws.jobVideo.none);
  const alert = el('p', { class: 'refusal', role: 'alert' });
  return el(
    'div',
    { class: 'job-video-current' },
    el('video', { class: 'preview', controls: true, playsinline: true, preload: 'metadata', src: sameOrigin(video.url), 'aria-label': ws.jobVideo.current }),
    el(
      'p',
      { class: 'muted' },
      ws.jobVideo.facts(
        en.common.clock(Math.round(video.duration_seconds)),
        video.content_type === 'video/mp4' ? 'MP4' : 'WebM',
        (video.size / 1_000_000).toFixed(1),
        localTime(video.created_at),
      ),
    ),
    irreversibleButton({
      label: ws.jobVideo.remove,
      sentence: ws.jobVideo.removeConfirm(job.title),
      kind: 'secondary',
      work: () => ok(api.DELETE('/jobs/{jobUuid}/video', { params: { path: { jobUuid: job.uuid } } })),
      then: { path: `/jobs/${job.uuid}`, toast: ws.jobVideo.removed(job.title) },
      alert,
    }),
    alert,
  );
}

export function jobVideoSection(job: VideoJob): HTMLElement {
  const status = liveRegion();
  const review = el('div', { class: 'job-video-review', hidden: true });
  let stream: MediaStream | undefined;
  const release = () => {
    stream?.getTracks().forEach((track) => track.stop());
    stream = undefined;
  };
  window.addEventListener('pagehide', release);

  /** A video to send: watched first, then "Use this video" sends it, "Discard" forgets it. */
  const offer = (blob: Blob, contentType: string) => {
    const url = URL.createObjectURL(blob);
    const use = el('button', { type: 'button' }, ws.jobVideo.use);
    const discard = el('button', { type: 'button', class: 'secondary' }, ws.jobVideo.discard);
    const refusal = el('p', { class: 'refusal', role: 'alert' });
    review.replaceChildren(
      el('h3', { id: 'job-video-review-heading', tabindex: '-1' }, ws.jobVideo.review),
      el('video', { class: 'preview', controls: true, playsinline: true, src: url, 'aria-labelledby': 'job-video-review-heading' }),
      refusal,
      el('div', { class: 'actions' }, use, discard),
    );
    review.hidden = false;
    (review.firstElementChild as HTMLElement).focus();
    discard.addEventListener('click', () => {
      URL.revokeObjectURL(url);
      review.hidden = true;
      review.replaceChildren();
      recordButton.focus();
    });
    use.addEventListener('click', () => {
      use.disabled = true;
      discard.disabled = true;
      refusal.textContent = '';
      say(status, ws.jobVideo.uploading);
      ok(
        api.PUT('/jobs/{jobUuid}/video', {
          params: { path: { jobUuid: job.uuid } },
          body: blob as never,
          bodySerializer: (body: unknown) => body as Blob,
          headers: { 'content-type': contentType },
        }),
      )
        .then(() => navigateWithToast(`/jobs/${job.uuid}`, ws.jobVideo.saved(job.title)))
        .catch((error: unknown) => {
          say(status, '');
          refusal.textContent = refusalSentence(error);
          use.disabled = false;
          discard.disabled = false;
          use.focus();
        });
    });
  };

  // Recording: the camera preview, Start, then Stop (or the 3-minute limit) and the take to review.
  const preview = el('video', { class: 'preview', muted: true, playsinline: true, autoplay: true, 'aria-label': ws.jobVideo.cameraPreview });
  preview.muted = true;
  const timer = el('p', { role: 'timer', class: 'countdown', 'aria-live': 'off' });
  const start = el('button', { type: 'button' }, ws.jobVideo.start);
  const stop = el('button', { type: 'button', class: 'stop', hidden: true }, ws.jobVideo.stop);
  const camera = el('div', { class: 'job-video-camera', hidden: true }, preview, timer, start, stop);
  const recordButton = el('button', { type: 'button', class: 'secondary' }, job.job_video ? ws.jobVideo.recordAgain : ws.jobVideo.record);
  recordButton.addEventListener('click', () => {
    recordButton.disabled = true;
    say(status, ws.jobVideo.opening);
    openCameraAndMicrophone()
      .then((opened) => {
        stream = opened;
        preview.srcObject = opened;
        camera.hidden = false;
        recordButton.hidden = true;
        say(status, '');
        start.focus();
      })
      .catch((error: unknown) => {
        recordButton.disabled = false;
        say(status, ws.jobVideo.device[error instanceof DeviceError ? error.problem : 'failed'], 'refusal');
        recordButton.focus();
      });
  });
  start.addEventListener('click', () => {
    if (!stream) return;
    start.hidden = true;
    stop.hidden = false;
    stop.focus();
    say(status, ws.jobVideo.recording);
    const take = record(stream, LIMIT_SECONDS, (left) => (timer.textContent = ws.jobVideo.left(en.common.clock(left))));
    stop.onclick = () => take.stop();
    void take.done.then(
      (recording: Recording) => {
        release();
        camera.hidden = true;
        stop.hidden = true;
        start.hidden = false;
        timer.textContent = '';
        recordButton.hidden = false;
        recordButton.disabled = false;
        recordButton.textContent = ws.jobVideo.recordAgain;
        say(status, '');
        offer(recording.blob, recording.contentType);
      },
      () => say(status, ws.jobVideo.device.failed, 'refusal'),
    );
  });

  // A file: WebM or MP4 only (the server checks the container and measures the length again).
  const file = el('input', { type: 'file', id: 'job-video-file', accept: TYPES.join(','), 'aria-describedby': 'job-video-file-hint job-video-file-error' });
  const fileError = el('p', { id: 'job-video-file-error', class: 'field-error' });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    fileError.textContent = '';
    file.removeAttribute('aria-invalid');
    if (!chosen) return;
    if (!TYPES.includes(chosen.type)) {
      fileError.textContent = ws.jobVideo.notAVideoFile;
      file.setAttribute('aria-invalid', 'true');
      return;
    }
    offer(chosen, chosen.type);
  });

  return el(
    'section',
    { class: 'panel job-video', 'aria-labelledby': 'job-video-heading' },
    el('h2', { id: 'job-video-heading' }, ws.jobVideo.heading),
    el('p', { class: 'muted' }, ws.jobVideo.intro),
    current(job),
    recordButton,
    camera,
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'job-video-file' }, ws.jobVideo.file),
      el('p', { id: 'job-video-file-hint', class: 'hint' }, ws.jobVideo.fileHint),
      file,
      fileError,
    ),
    status,
    review,
  );
}
