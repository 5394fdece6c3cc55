import '../shared/styles.css';
import { text } from '../i18n/texts';
import { languageSwitcher, useBrowserLanguage } from '../i18n/candidate';
import { mountAccommodationHelp } from '../shared/accommodation-help';
import { el, pageRoot, show } from '../shared/dom';
import { liveRegion, loadingScreen, messageScreen, say } from '../shared/screens';
import { accommodationsOf, timeLimitOf } from './accommodations';
import { CandidateApi, candidateLinkOf, resumeIndex, SubmittedQuestions, type CandidateInterview } from './candidate-api';
import { deviceCheck } from './device-check';
import { companyBadge, landingDetails } from './landing';
import { liveClosed, liveLanding } from './live-landing';
import { forgetPendingTake } from './pending-takes';
import { practiceQuestion } from './practice';
import { answerQuestion, duePassedScreen } from './question';
import { refusalSentence } from './refusals';

/**
 * The candidate page, `/candidate/interviews/<uuid>?token=…`: landing and
 * device check, accept, one question at a time, finish. Reopening the link
 * resumes at the first question neither answered nor skipped.
 */

const root = pageRoot();
/** The performance mark set once the landing page (or the resume page) is on screen; bench/web-pages.bench.ts reads it. */
const LANDING_RENDERED = 'vi:landing-rendered';

function refusal(error: unknown): void {
  messageScreen(root, text().landing.title, refusalSentence(error));
}

/** A button that runs `action` once per click, disabled (with `busyText`) while it runs; failures read as sentences. */
function actionButton(label: string, busyText: string, status: HTMLElement, action: () => Promise<void>): HTMLButtonElement {
  const button = el('button', { type: 'button' }, label);
  button.addEventListener('click', () => {
    button.disabled = true;
    button.textContent = busyText;
    action().catch((error: unknown) => {
      button.disabled = false;
      button.textContent = label;
      say(status, refusalSentence(error), 'refusal');
    });
  });
  return button;
}

async function runQuestions(api: CandidateApi, interview: CandidateInterview, stream: MediaStream): Promise<void> {
  const questions = [...interview.questions];
  const submitted = new SubmittedQuestions(api.link.interviewUuid);
  const dueAt = Date.parse(interview.scheduled_at);
  // A recording kept for a question the server already has answered or skipped is not needed any more.
  for (const question of questions.filter((q) => q.completed || q.skipped)) await forgetPendingTake(api.link.interviewUuid, question.uuid);
  for (let index = resumeIndex(interview, submitted.read()); index < questions.length; index++) {
    if (questions[index].skipped || (questions[index].completed && submitted.read().has(questions[index].uuid))) continue;
    const outcome = await answerQuestion({
      root,
      api,
      stream,
      question: questions[index],
      index,
      total: questions.length,
      dueAt,
      submitted,
      transcribed: interview.transcribed,
    });
    if (outcome.duePassed) {
      stream.getTracks().forEach((track) => track.stop());
      return duePassedScreen(root);
    }
    questions[index] = outcome.question;
  }
  stream.getTracks().forEach((track) => track.stop());
  finishScreen(api, interview);
}

function finishScreen(api: CandidateApi, interview: CandidateInterview): void {
  const status = liveRegion();
  const finish = actionButton(text().finish.action, text().finish.finishing, status, async () => {
    await api.complete();
    doneScreen(interview);
  });
  show(root, el('main', { class: 'card' }, el('h1', {}, text().finish.heading), el('p', {}, text().finish.intro), finish, status));
}

function doneScreen(interview: CandidateInterview): void {
  show(
    root,
    el(
      'main',
      { class: 'card' },
      el('header', {}, companyBadge(interview.company)),
      el('h1', {}, text().finish.doneHeading),
      el('p', { role: 'status', class: 'ok' }, text().finish.done(interview.company?.name ?? '')),
    ),
  );
}

/** Landing (requested) or the device check before resuming (accepted): the questions need the camera either way. */
function startScreen(api: CandidateApi, interview: CandidateInterview): void {
  const audioOnly = accommodationsOf(interview).audio_only;
  const check = deviceCheck(audioOnly);
  const status = liveRegion();
  const accepted = interview.status === 'accepted';
  const begin = async () => {
    const stream = await check.ready;
    const current = accepted ? interview : await api.accept();
    runQuestions(api, current, stream).catch(refusal);
  };
  const start = actionButton(accepted ? text().landing.resume : text().landing.accept, text().landing.accepting, status, begin);
  // Offered, not forced: a practice answer on the same recorder, never uploaded; then on to the interview.
  const practice = el('button', { type: 'button', class: 'secondary', disabled: true, hidden: accepted }, text().landing.practice);
  practice.addEventListener('click', () => {
    void check.ready
      .then((stream) => practiceQuestion(root, stream, interview.questions[0] ? timeLimitOf(interview.questions[0]) : 60))
      .then(() => begin().catch(refusal));
  });
  // The button explains itself until the camera works, instead of silently doing nothing.
  start.disabled = true;
  const hint = el('p', { class: 'muted', id: 'start-hint' }, audioOnly ? text().accommodation.micOnlyFirst : text().landing.acceptFirstCheck);
  start.setAttribute('aria-describedby', 'start-hint');
  void check.ready.then(() => {
    start.disabled = false;
    practice.disabled = false;
    hint.remove();
    start.removeAttribute('aria-describedby');
    // The check passed: the next thing to do is to start.
    start.focus();
  });
  const switcher = languageSwitcher(() => {
    document.title = text().landing.title;
    startScreen(api, interview);
  });
  show(
    root,
    el('main', { class: 'card' }, switcher, ...landingDetails(interview), check.section, hint, el('div', { class: 'actions' }, start, practice), status),
  );
  // Time from navigation to a usable landing page, for the benchmark (and any real-user monitoring later).
  performance.mark(LANDING_RENDERED);
}

async function main(): Promise<void> {
  useBrowserLanguage();
  document.title = text().landing.title;
  const link = candidateLinkOf(window.location);
  if (!link) return messageScreen(root, text().landing.title, text().errors.linkIncomplete);
  loadingScreen(root);
  const api = new CandidateApi(link);
  const interview = await api.interview();
  useBrowserLanguage(interview.language);
  document.title = text().landing.title;
  // "Need an accommodation?", in the same place on every screen of an interview still to take.
  if (interview.status === 'requested' || interview.status === 'accepted') mountAccommodationHelp(root, (message) => api.requestAccommodation(message));
  if (interview.type === 'live') {
    if (!liveClosed(root, interview)) liveLanding(root, api, interview);
    return;
  }
  switch (interview.status) {
    case 'canceled':
      return messageScreen(root, text().landing.title, text().errors.interviewCanceled);
    case 'expired':
      return messageScreen(root, text().landing.title, text().errors.interviewExpired);
    case 'completed':
      return messageScreen(root, text().landing.title, text().errors.interviewCompleted, 'status');
    case 'requested':
    case 'accepted':
      if (interview.job_post?.status === 'inactive') return messageScreen(root, text().landing.title, text().errors.jobClosed);
      return startScreen(api, interview);
  }
}

main().catch(refusal);
