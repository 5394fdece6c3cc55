import { text } from '../i18n/texts';
import { ApiError, isTransient } from '../shared/api';
import { el, show } from '../shared/dom';
import { liveRegion, say } from '../shared/screens';
import { thinkSecondsOf, type CandidateApi, type CandidateQuestion, type SubmittedQuestions } from './candidate-api';
import { clockOf, dueCountdown, duePassed, secondsUntil } from './due-time';
import { guardLeaving } from './leave-guard';
import { forgetPendingTake, loadPendingTake, savePendingTake } from './pending-takes';
import { timeLimitOf } from './accommodations';
import { record, type Recording } from './recorder';
import { refusalSentence } from './refusals';
import { livePreview, recordingPlayer, takeClock } from './take-clock';
import { uploadTake } from './upload';

export interface QuestionContext {
  root: HTMLElement;
  api: CandidateApi;
  stream: MediaStream;
  question: CandidateQuestion;
  index: number;
  total: number;
  /** The interview's due time, epoch ms. */
  dueAt: number;
  submitted: SubmittedQuestions;
  /** The company transcribes the answers (issue 43): said before each recording. */
  transcribed: boolean;
}

/** What ended a question: answered (a take accepted) or skipped, and the question as it now stands; or the due time passed. */
type Outcome = { question: CandidateQuestion; duePassed?: true };

/** The question's header; `takes` rewrites its "takes left" from the question as the server now counts it (one source). */
function header(ctx: QuestionContext, question: CandidateQuestion, onDuePassed?: () => void): { element: HTMLElement; takes(now: CandidateQuestion): void } {
  const line = (q: CandidateQuestion) => {
    const limit = timeLimitOf(q);
    return `${limit === null ? text().accommodation.noTimeLimit : text().question.limit(text().common.duration(limit))} · ${text().question.takesLeft(q.takes.remaining)}`;
  };
  const limits = el('p', { class: 'muted takes-left' }, line(question));
  const element = el(
    'header',
    { class: 'question-header' },
    el('p', { class: 'muted' }, text().question.progress(ctx.index + 1, ctx.total)),
    el('h1', {}, question.text),
    limits,
    dueCountdown(ctx.dueAt, onDuePassed),
  );
  return { element, takes: (now) => (limits.textContent = line(now)) };
}

/** The due time has passed: nothing more can be recorded, and no control offers it. */
export function duePassedScreen(root: HTMLElement): void {
  show(
    root,
    el('main', { class: 'card' }, el('h1', {}, text().question.duePassedHeading), el('p', { role: 'status', class: 'notice' }, text().question.duePassed)),
  );
}

/** Records one take with the limit's countdown; resolves when the candidate stops or the limit is reached. */
function recording(ctx: QuestionContext, question: CandidateQuestion): Promise<Recording> {
  const limit = timeLimitOf(question);
  const clock = takeClock(limit);
  const take = record(ctx.stream, limit, clock.tick);
  const audioOnly = ctx.stream.getVideoTracks().length === 0;
  const stop = el('button', { type: 'button', class: 'stop', onclick: () => take.stop() }, text().question.stop);
  show(
    ctx.root,
    el(
      'main',
      { class: 'card' },
      header(ctx, question).element,
      el(
        'p',
        { class: 'recording-badge' },
        el('span', { class: 'dot', 'aria-hidden': 'true' }),
        audioOnly ? text().accommodation.recordingAudio : text().question.recording,
      ),
      clock.element,
      livePreview(ctx.stream),
      stop,
    ),
  );
  // The one thing to do while recording: stop.
  stop.focus();
  return guardLeaving(take.done);
}

/**
 * Before recording: the question, and either a "Start recording" button or,
 * on a first take of a question with think time, a countdown that starts the
 * recording by itself at zero (or earlier on request). Skipping stays possible.
 */
function ready(ctx: QuestionContext, question: CandidateQuestion): Promise<'record' | 'skipped' | 'due'> {
  return new Promise((resolve) => {
    if (duePassed(ctx.dueAt)) return resolve('due');
    const think = question.takes.completed === 0 ? thinkSecondsOf(question) : 0;
    let thinkTimer = 0;
    let settled = false;
    const finish = (outcome: 'record' | 'skipped' | 'due') => {
      if (settled) return;
      settled = true;
      window.clearInterval(thinkTimer);
      resolve(outcome);
    };
    const skipArea = el('div', { class: 'skip-question' });
    const askSkip = () => {
      const status = liveRegion();
      const yes = el('button', { type: 'button', class: 'secondary' }, text().question.skipYes);
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
      const no = el('button', { type: 'button', class: 'link' }, text().question.skipNo);
      no.addEventListener('click', () => {
        skipArea.replaceChildren(skipButton);
        skipButton.focus();
      });
      skipArea.replaceChildren(el('p', {}, text().question.skipConfirm), yes, no, status);
      yes.focus();
    };
    const skipButton = el('button', { type: 'button', class: 'link', onclick: askSkip }, text().question.skip);
    if (!question.completed) skipArea.append(skipButton);
    const start = el('button', { type: 'button', onclick: () => finish('record') }, think > 0 ? text().question.startNow : text().question.start);
    let countdown: HTMLElement | null = null;
    if (think > 0) {
      const clock = el('p', { class: 'countdown', role: 'timer', 'aria-live': 'off' }, text().question.thinkCountdown(text().common.clock(think)));
      countdown = el('div', {}, el('h2', {}, text().question.thinkHeading), clock);
      const deadline = performance.now() + think * 1000;
      thinkTimer = window.setInterval(() => {
        const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
        clock.textContent = text().question.thinkCountdown(text().common.clock(left));
        if (left === 0) finish('record');
      }, 250);
    }
    // Said before recording, not discovered after: the time limit runs past the due time.
    const left = secondsUntil(ctx.dueAt);
    const limit = timeLimitOf(question);
    const dueWarning = limit !== null && left < limit ? el('p', { class: 'notice', role: 'status' }, text().question.dueBeforeLimit(clockOf(left))) : null;
    const transcribed = ctx.transcribed ? el('p', { class: 'notice transcribed' }, text().landing.transcribed) : null;
    const top = header(ctx, question, () => finish('due'));
    show(ctx.root, el('main', { class: 'card' }, top.element, dueWarning, transcribed, countdown, livePreview(ctx.stream), start, skipArea));
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
  take: Recording | undefined,
  resumed: boolean,
): Promise<{ question: CandidateQuestion; next: 'retake' | 'submit' | 'skip' }> {
  return new Promise((resolve) => {
    const playbackUrl = take ? URL.createObjectURL(take.blob) : undefined;
    const player = playbackUrl && take ? recordingPlayer(playbackUrl, take.audioOnly === true, text().question.playback) : null;
    const progress = el('progress', { max: 100, value: 0, 'aria-label': text().question.uploading, hidden: !take });
    const status = liveRegion();
    const dueNote = el('p', { class: 'notice', role: 'status', hidden: true }, text().question.duePassed);
    const actions = el('div', { class: 'actions' });
    const top = header(ctx, question);
    const leave = (next: 'retake' | 'submit' | 'skip', now: CandidateQuestion) => {
      if (playbackUrl) URL.revokeObjectURL(playbackUrl);
      if (next === 'submit') ctx.submitted.add(question.uuid);
      resolve({ question: now, next });
    };
    /** Once the due time has passed nothing but the saved answer is left: no button offers what cannot work. */
    const closeForDue = () => {
      actions.replaceChildren();
      dueNote.hidden = false;
      dueNote.tabIndex = -1;
      dueNote.focus();
    };
    const offer = (now: CandidateQuestion) => {
      top.takes(now);
      if (duePassed(ctx.dueAt)) return closeForDue();
      const buttons: HTMLButtonElement[] = [];
      if (now.takes.remaining !== 0)
        buttons.push(el('button', { type: 'button', class: 'secondary', onclick: () => leave('retake', now) }, text().question.retake(now.takes.remaining)));
      if (now.completed)
        buttons.push(
          el(
            'button',
            { type: 'button', onclick: () => leave('submit', now) },
            ctx.index + 1 === ctx.total ? text().question.submitLast : text().question.submit,
          ),
        );
      // No take accepted and none left: skipping is the only way on.
      else if (now.takes.remaining === 0)
        buttons.push(el('button', { type: 'button', class: 'secondary', onclick: () => leave('skip', now) }, text().question.skip));
      actions.replaceChildren(...buttons);
      buttons[0]?.focus();
    };
    const upload = (take: Recording) => {
      actions.replaceChildren();
      progress.hidden = false;
      say(status, resumed ? text().question.pendingFound : text().question.uploading);
      const uploading = uploadTake(ctx.api.takesPath(question.uuid), ctx.api.authorization, take, {
        onProgress: (percent) => {
          progress.value = percent;
          progress.setAttribute('aria-valuetext', text().question.uploadProgress(percent));
        },
        onRetry: (seconds) => say(status, text().question.retrying(seconds)),
      });
      guardLeaving(uploading)
        .then(async () => {
          await forgetPendingTake(ctx.api.link.interviewUuid, question.uuid);
          progress.hidden = true;
          say(status, text().question.uploaded, 'ok');
          offer(withTakeAccepted(question));
        })
        .catch(async (error: unknown) => {
          progress.hidden = true;
          if (!isTransient(error)) {
            // The server will never take this recording: nothing to keep.
            await forgetPendingTake(ctx.api.link.interviewUuid, question.uuid);
            say(status, refusalSentence(error), 'refusal');
            const code = error instanceof ApiError ? error.code : '';
            if (code === 'api.interview_expired' || code === 'api.candidate_token_invalid') return closeForDue();
            const exhausted = error instanceof ApiError && error.code === 'api.question_takes_exhausted';
            // No takes left can mean an earlier visit's upload of this question went through after all: ask.
            offer(exhausted ? await currentQuestion(ctx, question) : question);
            return;
          }
          say(status, text().question.uploadGaveUp, 'refusal');
          const again = el('button', { type: 'button', onclick: () => upload(take) }, text().question.uploadAgain);
          actions.replaceChildren(again);
          again.focus();
        });
    };
    show(ctx.root, el('main', { class: 'card' }, top.element, el('h2', {}, text().question.playback), player, progress, status, dueNote, actions));
    if (take) upload(take);
    else {
      // Back on a question answered before a reload: its take is saved, the same choices are offered.
      say(status, text().question.savedEarlier, 'ok');
      offer(question);
    }
  });
}

/** One question from start to "submit" or "skip"; resumes an upload left over from an earlier visit first. */
export async function answerQuestion(ctx: QuestionContext): Promise<Outcome> {
  let question = ctx.question;
  const pending = await loadPendingTake(ctx.api.link.interviewUuid, question.uuid);
  let take: Recording | undefined = pending;
  let resumed = pending !== undefined;
  // A question with a take the candidate had not gone on from: back to its choices, not to a new recording.
  let reviewSaved = !pending && question.completed;
  for (;;) {
    if (!take && !reviewSaved) {
      const next = await ready(ctx, question);
      if (next === 'due') return { question, duePassed: true };
      if (next === 'skipped') {
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
    reviewSaved = false;
    if (reviewed.next === 'submit') return { question };
    if (reviewed.next === 'skip') return { question: await ctx.api.skip(question.uuid) };
  }
}
