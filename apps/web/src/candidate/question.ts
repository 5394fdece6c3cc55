import { en } from '../i18n/en';
import { ApiError } from '../shared/api';
import { el, show } from '../shared/dom';
import { liveRegion, say } from '../shared/screens';
import { thinkSecondsOf, type CandidateApi, type CandidateQuestion } from './candidate-api';
import { forgetPendingTake, loadPendingTake, savePendingTake } from './pending-takes';
import { record, type Recording } from './recorder';
import { isTransient, refusalSentence } from './refusals';
import { uploadTake } from './upload';

export interface QuestionContext {
  root: HTMLElement;
  api: CandidateApi;
  stream: MediaStream;
  question: CandidateQuestion;
  index: number;
  total: number;
}

/** What ended a question: answered (a take accepted) or skipped, and the question as it now stands. */
type Outcome = { question: CandidateQuestion };

function header(ctx: QuestionContext, question: CandidateQuestion): HTMLElement {
  return el(
    'header',
    { class: 'question-header' },
    el('p', { class: 'muted' }, en.question.progress(ctx.index + 1, ctx.total)),
    el('h1', {}, question.text),
    el('p', { class: 'muted' }, `${en.question.limit(en.common.duration(question.time_limit))} · ${en.question.takesLeft(question.takes.remaining)}`),
  );
}

function livePreview(stream: MediaStream): HTMLVideoElement {
  const video = el('video', { class: 'preview', 'aria-label': en.device.preview, muted: true, playsinline: true, autoplay: true });
  video.muted = true;
  video.srcObject = stream;
  return video;
}

/** Records one take with the limit's countdown; resolves when the candidate stops or the limit is reached. */
function recording(ctx: QuestionContext, question: CandidateQuestion): Promise<Recording> {
  const clock = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' });
  const take = record(ctx.stream, question.time_limit, (left) => (clock.textContent = en.question.remaining(en.common.clock(left))));
  show(
    ctx.root,
    el(
      'main',
      { class: 'card' },
      header(ctx, question),
      el('p', { class: 'recording-badge' }, el('span', { class: 'dot', 'aria-hidden': 'true' }), en.question.recording),
      clock,
      livePreview(ctx.stream),
      el('button', { type: 'button', class: 'stop', onclick: () => take.stop() }, en.question.stop),
    ),
  );
  return take.done;
}

/**
 * Before recording: the question, and either a "Start recording" button or,
 * on a first take of a question with think time, a countdown that starts the
 * recording by itself at zero (or earlier on request). Skipping stays possible.
 */
function ready(ctx: QuestionContext, question: CandidateQuestion): Promise<'record' | 'skipped'> {
  return new Promise((resolve) => {
    const think = question.takes.completed === 0 ? thinkSecondsOf(question) : 0;
    let thinkTimer = 0;
    const finish = (outcome: 'record' | 'skipped') => {
      window.clearInterval(thinkTimer);
      resolve(outcome);
    };
    const skipArea = el('div', { class: 'skip' });
    const askSkip = () => {
      const status = liveRegion();
      const yes = el('button', { type: 'button', class: 'secondary' }, en.question.skipYes);
      yes.addEventListener('click', () => {
        yes.disabled = true;
        ctx.api
          .skip(question.uuid)
          .then(() => finish('skipped'))
          .catch((error: unknown) => {
            yes.disabled = false;
            say(status, refusalSentence(error), 'refusal');
          });
      });
      const no = el('button', { type: 'button', class: 'link' }, en.question.skipNo);
      no.addEventListener('click', () => skipArea.replaceChildren(skipButton));
      skipArea.replaceChildren(el('p', {}, en.question.skipConfirm), yes, no, status);
      yes.focus();
    };
    const skipButton = el('button', { type: 'button', class: 'link', onclick: askSkip }, en.question.skip);
    if (!question.completed) skipArea.append(skipButton);
    const start = el('button', { type: 'button', onclick: () => finish('record') }, think > 0 ? en.question.startNow : en.question.start);
    let countdown: HTMLElement | null = null;
    if (think > 0) {
      const clock = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' }, en.question.thinkCountdown(en.common.clock(think)));
      countdown = el('div', {}, el('h2', {}, en.question.thinkHeading), clock);
      const deadline = performance.now() + think * 1000;
      thinkTimer = window.setInterval(() => {
        const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
        clock.textContent = en.question.thinkCountdown(en.common.clock(left));
        if (left === 0) finish('record');
      }, 250);
    }
    show(ctx.root, el('main', { class: 'card' }, header(ctx, question), countdown, livePreview(ctx.stream), start, skipArea));
  });
}

/** The question as the server has it now (takes, completed), or as the page knew it if that cannot be read. */
async function currentQuestion(ctx: QuestionContext, question: CandidateQuestion): Promise<CandidateQuestion> {
  try {
    return (await ctx.api.interview()).questions.find((q) => q.uuid === question.uuid) ?? question;
  } catch {
    return { ...question, takes: { ...question.takes, remaining: 0 } };
  }
}

/** The question once the server counted a take: takes completed and remaining move by one. */
function withTakeAccepted(question: CandidateQuestion): CandidateQuestion {
  const remaining = question.takes.remaining < 0 ? -1 : Math.max(0, question.takes.remaining - 1);
  return { ...question, completed: true, takes: { ...question.takes, completed: question.takes.completed + 1, remaining } };
}

/**
 * Uploads a recording (kept in IndexedDB until the server accepts it), then
 * plays it back with "record again" while takes remain and "submit". Resolves
 * with what the candidate chose next.
 */
function review(
  ctx: QuestionContext,
  question: CandidateQuestion,
  take: Recording,
  resumed: boolean,
): Promise<{ question: CandidateQuestion; next: 'retake' | 'submit' | 'skip' }> {
  return new Promise((resolve) => {
    const playbackUrl = URL.createObjectURL(take.blob);
    const player = el('video', { class: 'preview', controls: true, playsinline: true, src: playbackUrl, 'aria-label': en.question.playback });
    const progress = el('progress', { max: 100, value: 0, 'aria-label': en.question.uploading });
    const status = liveRegion();
    const actions = el('div', { class: 'actions' });
    const leave = (next: 'retake' | 'submit' | 'skip', now: CandidateQuestion) => {
      URL.revokeObjectURL(playbackUrl);
      resolve({ question: now, next });
    };
    const offer = (now: CandidateQuestion) => {
      const buttons: HTMLButtonElement[] = [];
      if (now.takes.remaining !== 0)
        buttons.push(el('button', { type: 'button', class: 'secondary', onclick: () => leave('retake', now) }, en.question.retake(now.takes.remaining)));
      if (now.completed)
        buttons.push(
          el('button', { type: 'button', onclick: () => leave('submit', now) }, ctx.index + 1 === ctx.total ? en.question.submitLast : en.question.submit),
        );
      // No take accepted and none left: skipping is the only way on.
      else if (now.takes.remaining === 0)
        buttons.push(el('button', { type: 'button', class: 'secondary', onclick: () => leave('skip', now) }, en.question.skip));
      actions.replaceChildren(...buttons);
    };
    const upload = () => {
      actions.replaceChildren();
      progress.hidden = false;
      say(status, resumed ? en.question.pendingFound : en.question.uploading);
      uploadTake(ctx.api.takesPath(question.uuid), ctx.api.authorization, take, {
        onProgress: (percent) => {
          progress.value = percent;
          progress.setAttribute('aria-valuetext', en.question.uploadProgress(percent));
        },
        onRetry: (seconds) => say(status, en.question.retrying(seconds)),
      })
        .then(async () => {
          await forgetPendingTake(ctx.api.link.interviewUuid, question.uuid);
          progress.hidden = true;
          say(status, en.question.uploaded, 'ok');
          const now = withTakeAccepted(question);
          offer(now);
          actions.querySelector('button')?.focus();
        })
        .catch(async (error: unknown) => {
          progress.hidden = true;
          if (!isTransient(error)) {
            // The server will never take this recording: nothing to keep.
            await forgetPendingTake(ctx.api.link.interviewUuid, question.uuid);
            say(status, refusalSentence(error), 'refusal');
            const exhausted = error instanceof ApiError && error.code === 'api.question_takes_exhausted';
            // No takes left can mean an earlier visit's upload of this question went through after all: ask.
            offer(exhausted ? await currentQuestion(ctx, question) : question);
            return;
          }
          say(status, en.question.uploadGaveUp, 'refusal');
          actions.replaceChildren(el('button', { type: 'button', onclick: upload }, en.question.uploadAgain));
        });
    };
    show(ctx.root, el('main', { class: 'card' }, header(ctx, question), el('h2', {}, en.question.playback), player, progress, status, actions));
    upload();
  });
}

/** One question from start to "submit" or "skip"; resumes an upload left over from an earlier visit first. */
export async function answerQuestion(ctx: QuestionContext): Promise<Outcome> {
  let question = ctx.question;
  const pending = await loadPendingTake(ctx.api.link.interviewUuid, question.uuid);
  let take: Recording | undefined = pending;
  let resumed = pending !== undefined;
  for (;;) {
    if (!take) {
      if ((await ready(ctx, question)) === 'skipped') {
        await forgetPendingTake(ctx.api.link.interviewUuid, question.uuid);
        return { question: { ...question, skipped: true } };
      }
      take = await recording(ctx, question);
      await savePendingTake({ ...take, interviewUuid: ctx.api.link.interviewUuid, questionUuid: question.uuid });
    }
    const reviewed = await review(ctx, question, take, resumed);
    question = reviewed.question;
    take = undefined;
    resumed = false;
    if (reviewed.next === 'submit') return { question };
    if (reviewed.next === 'skip') return { question: await ctx.api.skip(question.uuid) };
  }
}
