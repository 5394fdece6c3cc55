import { text } from '../i18n/texts';
import { DeviceError, openCameraAndMicrophone } from '../candidate/devices';
import { record, type Recording } from '../candidate/recorder';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { liveRegion, say } from '../shared/screens';
import { api, ok, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { jobVideoCaptions } from './job-video-captions';
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
  if (!video) return el('p', { class: 'muted' }, text().workspace.jobVideo.none);
  const alert = el('p', { class: 'refusal', role: 'alert' });
  return el(
    'div',
    { class: 'job-video-current' },
    el('video', {
      class: 'preview',
      controls: true,
      playsinline: true,
      preload: 'metadata',
      src: sameOrigin(video.url),
      'aria-label': text().workspace.jobVideo.current,
    }),
    el(
      'p',
      { class: 'muted' },
      text().workspace.jobVideo.facts(
        text().common.clock(Math.round(video.duration_seconds)),
        video.content_type === 'video/mp4' ? 'MP4' : 'WebM',
        (video.size / 1_000_000).toFixed(1),
        localTime(video.created_at),
      ),
    ),
    irreversibleButton({
      label: text().workspace.jobVideo.remove,
      sentence: text().workspace.jobVideo.removeConfirm(job.title),
      kind: 'secondary',
      work: () => ok(api.DELETE('/jobs/{jobUuid}/video', { params: { path: { jobUuid: job.uuid } } })),
      then: { path: `/jobs/${job.uuid}`, toast: text().workspace.jobVideo.removed(job.title) },
      alert,
    }),
    alert,
    jobVideoCaptions({ ...job, job_video: video }),
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
    const use = el('button', { type: 'button' }, text().workspace.jobVideo.use);
    const discard = el('button', { type: 'button', class: 'secondary' }, text().workspace.jobVideo.discard);
    const refusal = el('p', { class: 'refusal', role: 'alert' });
    review.replaceChildren(
      el('h3', { id: 'job-video-review-heading', tabindex: '-1' }, text().workspace.jobVideo.review),
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
      say(status, text().workspace.jobVideo.uploading);
      ok(
        api.PUT('/jobs/{jobUuid}/video', {
          params: { path: { jobUuid: job.uuid } },
          body: blob as never,
          bodySerializer: (body: unknown) => body as Blob,
          headers: { 'content-type': contentType },
        }),
      )
        .then(() => navigateWithToast(`/jobs/${job.uuid}`, text().workspace.jobVideo.saved(job.title)))
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
  const preview = el('video', { class: 'preview', muted: true, playsinline: true, autoplay: true, 'aria-label': text().workspace.jobVideo.cameraPreview });
  preview.muted = true;
  const timer = el('p', { role: 'timer', class: 'countdown', 'aria-live': 'off' });
  const start = el('button', { type: 'button' }, text().workspace.jobVideo.start);
  const stop = el('button', { type: 'button', class: 'stop', hidden: true }, text().workspace.jobVideo.stop);
  const camera = el('div', { class: 'job-video-camera', hidden: true }, preview, timer, start, stop);
  const recordButton = el(
    'button',
    { type: 'button', class: 'secondary' },
    job.job_video ? text().workspace.jobVideo.recordAgain : text().workspace.jobVideo.record,
  );
  recordButton.addEventListener('click', () => {
    recordButton.disabled = true;
    say(status, text().workspace.jobVideo.opening);
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
        say(status, text().workspace.jobVideo.device[error instanceof DeviceError ? error.problem : 'failed'], 'refusal');
        recordButton.focus();
      });
  });
  start.addEventListener('click', () => {
    if (!stream) return;
    start.hidden = true;
    stop.hidden = false;
    stop.focus();
    say(status, text().workspace.jobVideo.recording);
    const take = record(stream, LIMIT_SECONDS, (left) => (timer.textContent = text().workspace.jobVideo.left(text().common.clock(left))));
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
        recordButton.textContent = text().workspace.jobVideo.recordAgain;
        say(status, '');
        offer(recording.blob, recording.contentType);
      },
      () => say(status, text().workspace.jobVideo.device.failed, 'refusal'),
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
      fileError.textContent = text().workspace.jobVideo.notAVideoFile;
      file.setAttribute('aria-invalid', 'true');
      return;
    }
    offer(chosen, chosen.type);
  });

  return el(
    'section',
    { class: 'panel job-video', 'aria-labelledby': 'job-video-heading' },
    el('h2', { id: 'job-video-heading' }, text().workspace.jobVideo.heading),
    el('p', { class: 'muted' }, text().workspace.jobVideo.intro),
    current(job),
    recordButton,
    camera,
    el(
      'div',
      { class: 'field' },
      el('label', { for: 'job-video-file' }, text().workspace.jobVideo.file),
      el('p', { id: 'job-video-file-hint', class: 'hint' }, text().workspace.jobVideo.fileHint),
      file,
      fileError,
    ),
    status,
    review,
  );
}
