import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { liveRegion, say } from '../shared/screens';
import { api, ok, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { irreversibleButton } from './ui/dialog';
import { navigateWithToast } from './ui/toast';

/** As the gateway takes it (issue 42): a WebVTT file, at most 1 MB. */
const MAX_BYTES = 1024 * 1024;

type CaptionedJob = Pick<Schemas['Job'], 'uuid' | 'title'> & { job_video: NonNullable<Schemas['Job']['job_video']> };

/**
 * A job video's captions on the job page (issue 42, decision 046): whether it has some, a WebVTT file to send as the
 * raw body of `PUT /jobs/<uuid>/video/captions`, and Remove. The server checks the file; its refusal (not WebVTT,
 * with the line) is the sentence under the field.
 */
export function jobVideoCaptions(job: CaptionedJob): HTMLElement {
  const words = text().workspace.jobVideoCaptions;
  const status = liveRegion();
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const file = el('input', {
    type: 'file',
    id: 'job-video-captions-file',
    accept: '.vtt,text/vtt',
    'aria-describedby': 'job-video-captions-hint job-video-captions-error',
  });
  const fileError = el('p', { id: 'job-video-captions-error', class: 'field-error' });
  file.addEventListener('change', () => {
    const chosen = file.files?.[0];
    fileError.textContent = '';
    file.removeAttribute('aria-invalid');
    if (!chosen) return;
    const refuse = (sentence: string) => {
      say(status, '');
      fileError.textContent = sentence;
      file.setAttribute('aria-invalid', 'true');
    };
    if (!chosen.name.toLowerCase().endsWith('.vtt') && chosen.type !== 'text/vtt') return refuse(words.notAVttFile);
    if (chosen.size > MAX_BYTES) return refuse(words.tooLarge);
    say(status, words.uploading);
    file.disabled = true;
    ok(
      api.PUT('/jobs/{jobUuid}/video/captions', {
        params: { path: { jobUuid: job.uuid } },
        body: chosen as never,
        bodySerializer: (body: unknown) => body as Blob,
        headers: { 'content-type': 'text/vtt' },
      }),
    )
      .then(() => navigateWithToast(`/jobs/${job.uuid}`, words.saved(job.title)))
      .catch((error: unknown) => {
        file.disabled = false;
        refuse(refusalSentence(error));
        file.focus();
      });
  });
  const captioned = job.job_video.captions_url !== null;
  return el(
    'div',
    { class: 'field job-video-captions' },
    el('p', {}, captioned ? words.present : words.none),
    captioned
      ? irreversibleButton({
          label: words.remove,
          sentence: words.removeConfirm(job.title),
          kind: 'secondary',
          work: () => ok(api.DELETE('/jobs/{jobUuid}/video/captions', { params: { path: { jobUuid: job.uuid } } })),
          then: { path: `/jobs/${job.uuid}`, toast: words.removed(job.title) },
          alert,
        })
      : null,
    alert,
    el('label', { for: 'job-video-captions-file' }, captioned ? words.replaceFile : words.file),
    el('p', { id: 'job-video-captions-hint', class: 'hint' }, words.fileHint),
    file,
    fileError,
    status,
  );
}
