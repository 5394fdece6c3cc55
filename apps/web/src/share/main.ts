import '../shared/styles.css';
import { text } from '../i18n/texts';
import { languageSwitcher, useBrowserLanguage } from '../i18n/candidate';
import { el, pageRoot, show } from '../shared/dom';
import { localTime } from '../shared/format';
import { loadingScreen, messageScreen } from '../shared/screens';
import { ApiError } from '../shared/api';
import { evaluationSection } from '../shared/evaluation-form';
import { takeKindOf, takePlayer } from '../shared/take-player';
import { transcriptPanel } from '../shared/transcript-panel';
import {
  openShare,
  reviewerEvaluation,
  sameOriginPath,
  sameOriginVideo,
  shareTokenOf,
  type SharedInterview,
  type SharedMedia,
  type SharedView,
} from './share-api';

/**
 * The reviewer page, `/share/<token>`: one interview's answers (a basic link),
 * or the list of interviews of an advanced link, each opened in turn, with the reviewer's evaluation of it under
 * the answers (issue 40: the workspace's form, `shared/evaluation-form.ts`; a basic link cannot evaluate and shows
 * none). Any failure to open the link shows one sentence and nothing about why. In the reader's language, with a
 * switcher that renders the screen again in the chosen one (decisions 042, 047).
 */

const root = pageRoot();

function notAvailable(): void {
  document.title = text().share.notAvailable;
  messageScreen(root, text().share.notAvailable);
}

/** A refusal of the reviewer's evaluation as one sentence, in the page's language. */
function evaluationRefusal(error: unknown): string {
  const t = text().evaluation.refused;
  if (!(error instanceof ApiError)) return t.unexpected;
  if (error.status === 0) return t.network;
  if (error.status === 429) return t.tooMany;
  if (error.status === 400) return t.validation;
  if (error.status === 403 || error.status === 404 || error.status === 409) return t.gone;
  return t.unexpected;
}

/** The reviewer's evaluation of the interview, or nothing where the link cannot evaluate (a basic link: 403). */
async function reviewerSection(view: SharedView, interview: SharedInterview): Promise<HTMLElement | null> {
  const token = shareTokenOf(window.location);
  if (!token) return null;
  try {
    return await evaluationSection({
      port: reviewerEvaluation(token, interview.uuid),
      general: evaluationRefusal,
      id: `evaluation-${interview.uuid}`,
      intro: text().evaluation.reviewerIntro(view.company.name),
    });
  } catch {
    return null;
  }
}

/**
 * A shared take's or recording's player with its transcript beside it (issue 43): captions on the player and each
 * segment a button, when the link carries a transcript; the player alone otherwise.
 */
function playerWithTranscript(media: SharedMedia, player: HTMLMediaElement): HTMLElement[] {
  const { transcript, captions_url } = media;
  if (!transcript || transcript.status === 'off' || (transcript.status === 'done' && !captions_url)) return [player];
  return [
    player,
    transcriptPanel(player, { id: `transcript-${media.uuid}`, level: 3, transcript, captionsPath: captions_url ? sameOriginPath(captions_url) : '' }),
  ];
}

function interviewScreen(view: SharedView, interview: SharedInterview): void {
  const back =
    view.interviews.length > 1
      ? el(
          'a',
          {
            href: '#',
            class: 'back',
            onclick: (event: Event) => {
              event.preventDefault();
              listScreen(view);
            },
          },
          text().share.back,
        )
      : null;
  const questions = interview.questions.map((question, index) =>
    el(
      'li',
      { class: 'shared-question' },
      el('h2', {}, text().share.questionHeading(index + 1)),
      el('p', {}, question.text),
      el(
        'p',
        { class: 'muted' },
        typeof question.time_limit === 'number' ? text().share.limit(text().common.duration(question.time_limit)) : text().accommodation.noTimeLimit,
      ),
      question.skipped
        ? el('p', { class: 'skipped' }, text().share.skipped)
        : question.takes.length === 0
          ? el('p', { class: 'muted' }, text().share.noTakes)
          : el(
              'ul',
              { class: 'takes' },
              ...question.takes.map((take) => {
                const label = text().share.take(take.number, question.takes.length, text().common.duration(Math.round(take.duration_seconds)));
                if (takeKindOf(take) === 'video')
                  return el('li', {}, el('p', {}, label), ...playerWithTranscript(take, takePlayer(sameOriginVideo(take), `${question.text}: ${label}`)));
                // An audio take (issue 42) plays as sound, named after the candidate: there is no picture to say whose it is.
                const whose = text().accommodation.audioAnswer(interview.candidate.name);
                return el(
                  'li',
                  {},
                  el('p', {}, whose, ' · ', label),
                  ...playerWithTranscript(take, takePlayer(sameOriginVideo(take), `${whose}, ${question.text}: ${label}`, 'audio')),
                );
              }),
            ),
    ),
  );
  const recordings = interview.recordings.map((recording, index) => {
    const label =
      recording.duration_seconds === null
        ? text().share.recordingNoLength(index + 1)
        : text().share.recording(index + 1, text().common.duration(Math.round(recording.duration_seconds)));
    return el(
      'li',
      {},
      el('p', {}, label, ' · ', localTime(recording.started_at)),
      ...playerWithTranscript(recording, takePlayer(sameOriginVideo(recording), label)),
    );
  });
  const evaluation = el('div', { class: 'shared-evaluation' });
  document.title = `${interview.candidate.name}: ${interview.job.title}`;
  show(
    root,
    el(
      'main',
      { class: 'card' },
      languageSwitcher(() => interviewScreen(view, interview)),
      back,
      el('p', { class: 'muted' }, view.company.name),
      el('h1', {}, text().share.heading(interview.candidate.name)),
      el('p', {}, text().share.job(interview.job.title)),
      el('p', { class: 'muted' }, interview.completed_at ? text().share.completed(localTime(interview.completed_at)) : text().share.notCompleted),
      recordings.length > 0
        ? el(
            'section',
            { 'aria-labelledby': 'recordings-heading' },
            el('h2', { id: 'recordings-heading' }, text().share.recordingsHeading),
            el('ul', { class: 'takes' }, ...recordings),
          )
        : null,
      questions.length > 0 ? el('ol', { class: 'shared-questions' }, ...questions) : null,
      evaluation,
    ),
  );
  void reviewerSection(view, interview).then((section) => {
    if (section && evaluation.isConnected) evaluation.replaceChildren(section);
  });
}

function listScreen(view: SharedView): void {
  document.title = text().share.title;
  const items = view.interviews.map((interview) =>
    el(
      'li',
      {},
      el(
        'a',
        {
          href: `#${interview.uuid}`,
          onclick: (event: Event) => {
            event.preventDefault();
            interviewScreen(view, interview);
          },
        },
        text().share.open(interview.candidate.name, interview.job.title),
      ),
      interview.completed_at ? el('p', { class: 'muted' }, text().share.completed(localTime(interview.completed_at))) : null,
    ),
  );
  show(
    root,
    el(
      'main',
      { class: 'card' },
      languageSwitcher(() => listScreen(view)),
      el('p', { class: 'muted' }, view.company.name),
      el('h1', {}, text().share.interviewsHeading(view.interviews.length)),
      el('ul', { class: 'interview-list' }, ...items),
    ),
  );
}

async function main(): Promise<void> {
  useBrowserLanguage();
  const token = shareTokenOf(window.location);
  if (!token) return notAvailable();
  loadingScreen(root);
  const view = await openShare(token);
  if (view.interviews.length === 1) interviewScreen(view, view.interviews[0]);
  else if (view.interviews.length > 1) listScreen(view);
  else notAvailable();
}

// Whatever went wrong (unknown, inactive or deleted link, rate limit, outage), the reviewer learns nothing more.
main().catch(notAvailable);
