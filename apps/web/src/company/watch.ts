import { text } from '../i18n/texts';
import { append, el } from '../shared/dom';
import { chatTextNodes } from '../shared/chat-text';
import { localTime } from '../shared/format';
import { evaluationSection, type EvaluationPort } from '../shared/evaluation-form';
import { takeKindOf, takePlayer } from '../shared/take-player';
import { api, ok, type Schemas } from './api';
import { colleaguesOf, Comments, commentsPanel } from './comments';
import { clock } from './moments';
import { refusalSentence } from './refusals';
import { copyButton } from './ui/copy';
import { field, formAlert, input, onSubmit } from './ui/form';
import { accommodationsSection } from './interview-accommodations';
import { interviewOrNotFound } from './interview-page';
import { linkButton, renderPage, toolbar, type Workspace } from './ui/frame';
import { hasCall, liveHref } from './live-links';
import { toast } from './ui/toast';
import { settingsOrNull, workspaceTranscript, type TranscribedMedia } from './transcripts';

/** The API shows takes once the interview is completed or expired (decision 042); before that the page says so. */
function takesVisible(interview: { status: string }): boolean {
  return interview.status === 'completed' || interview.status === 'expired';
}

/**
 * `/interview/<uuid>/watch`, a reviewer's tool: the player with the answers in order (previous / next answer), the
 * questions beside it (each jumps to its answer) and the caller's scorecard under them (issue 40), the comments of
 * each video under it (marks on its timeline, `comments.ts`), the rating as stars (radio buttons: arrow keys
 * choose), the basic share link (create, turn on or off, copy) and, where the plan has `advanced_share_links`, a
 * link emailed to a reviewer. `?take=<uuid>&at_ms=<ms>` (or `recording=<uuid>`), the link a mention's email
 * carries, opens that answer at that moment. Anything the API will not show this user, another company's
 * interview included, is "not found".
 */

type Interview = Schemas['Interview'];
type Question = Schemas['Question'];
type Take = Schemas['Take'];
type Recording = Schemas['Recording'];
type ChatMessage = Schemas['ChatMessage'];

interface Answer {
  question: Question;
  questionIndex: number;
  take: Take;
  takeCount: number;
}

const STARS = [1, 2, 3, 4, 5];

function videoUrl(interview: Interview, answer: Answer): string {
  return `/v1.0/interviews/${interview.uuid}/questions/${answer.question.uuid}/takes/${answer.take.uuid}/video`;
}

/** The moment a mention's link names: `?take=<uuid>&at_ms=<ms>` or `?recording=<uuid>&at_ms=<ms>`. */
interface Moment {
  take?: string;
  recording?: string;
  atMs: number;
}

function momentOfUrl(): Moment {
  const params = new URLSearchParams(location.search);
  const atMs = Number.parseInt(params.get('at_ms') ?? '0', 10);
  return { take: params.get('take')?.toLowerCase(), recording: params.get('recording')?.toLowerCase(), atMs: Number.isFinite(atMs) && atMs > 0 ? atMs : 0 };
}

/** Seeks a player to `atMs` once it knows its length, and brings it into view. */
function seekTo(video: HTMLMediaElement, atMs: number): void {
  const seek = () => {
    video.currentTime = atMs / 1000;
    video.scrollIntoView({ block: 'center' });
  };
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
  else video.addEventListener('loadedmetadata', seek, { once: true });
}

function answerLabel(answer: Answer): string {
  return text().workspace.watch.take(answer.take.number, answer.takeCount, text().common.duration(Math.round(answer.take.duration_seconds)));
}

/** What the watch page's players need to show their transcripts: who watches, and the company's setting. */
interface TranscriptContext {
  workspace: Workspace;
  settings: Schemas['TranscriptionSettings'] | null;
}

/**
 * A place under a player for its transcript (issue 43), filled once the transcript is read; it stays empty where the
 * transcript cannot be read, or when the player was replaced meanwhile (another answer shown).
 */
function transcriptSlot(context: TranscriptContext, player: HTMLMediaElement, media: TranscribedMedia, id: string): HTMLElement {
  const slot = el('div', { class: 'transcript-slot' });
  void workspaceTranscript(context.workspace, context.settings, player, media, id).then((panel) => {
    if (panel && slot.isConnected) slot.replaceChildren(panel);
  });
  return slot;
}

/** The player with previous/next answer and its comments, the question list beside it, the scorecard under that. */
function answersSection(
  context: TranscriptContext,
  interview: Interview,
  questions: Question[],
  answers: Answer[],
  comments: Comments | null,
  moment: Moment,
  scorecard: HTMLElement | null,
): HTMLElement {
  const stage = el('div', { class: 'stage' });
  const position = el('p', { class: 'muted', role: 'status' });
  const previous = el('button', { type: 'button', class: 'secondary small' }, text().workspace.watch.previousAnswer);
  const next = el('button', { type: 'button', class: 'secondary small' }, text().workspace.watch.nextAnswer);
  const questionLinks: HTMLButtonElement[] = [];
  let current = 0;
  const showAnswer = (index: number, play: boolean) => {
    current = index;
    const answer = answers[index];
    const audio = takeKindOf(answer.take) === 'audio';
    const candidate = interview.assigned_to?.name ?? '';
    // An audio take plays in an <audio> element, named after the candidate: there is no picture to say whose it is.
    const player = takePlayer(
      videoUrl(interview, answer),
      audio
        ? `${text().workspace.accommodations.audioAnswer(candidate)}, ${answer.question.text}: ${answerLabel(answer)}`
        : `${answer.question.text}: ${answerLabel(answer)}`,
      audio ? 'audio' : 'video',
    );
    stage.replaceChildren();
    append(
      stage,
      el('h3', {}, text().workspace.watch.questionHeading(answer.questionIndex + 1)),
      el('p', { class: 'question-text' }, answer.question.text),
      audio ? el('p', { class: 'audio-answer' }, text().workspace.accommodations.audioAnswer(candidate)) : null,
      player,
      el('p', { class: 'muted' }, answerLabel(answer)),
      transcriptSlot(
        context,
        player,
        { kind: 'take', interviewUuid: interview.uuid, questionUuid: answer.question.uuid, takeUuid: answer.take.uuid },
        `transcript-take-${answer.take.uuid}`,
      ),
      comments ? commentsPanel(comments, { take_uuid: answer.take.uuid }, player, answer.take.duration_seconds, `take-${answer.take.uuid}`) : null,
    );
    if (answer.take.uuid === moment.take) seekTo(player, moment.atMs);
    position.textContent = text().workspace.watch.answerOf(index + 1, answers.length);
    previous.disabled = index === 0;
    next.disabled = index === answers.length - 1;
    questionLinks.forEach((link, i) => link.setAttribute('aria-current', String(i === answer.questionIndex)));
    if (play) void player.play().catch(() => undefined);
  };
  previous.addEventListener('click', () => showAnswer(Math.max(0, current - 1), true));
  next.addEventListener('click', () => showAnswer(Math.min(answers.length - 1, current + 1), true));

  const list = el(
    'ol',
    { class: 'question-list' },
    ...questions.map((question, index) => {
      const first = answers.findIndex((a) => a.question.uuid === question.uuid);
      const status = question.skipped
        ? text().workspace.watch.skipped
        : first === -1
          ? takesVisible(interview)
            ? text().workspace.watch.noTakes
            : text().workspace.watch.takesNotYet
          : '';
      const button = el(
        'button',
        { type: 'button', class: 'link', disabled: first === -1 },
        `${text().workspace.watch.questionHeading(index + 1)}: ${question.text}`,
      );
      button.addEventListener('click', () => showAnswer(first, true));
      questionLinks.push(button);
      return el('li', {}, button, status ? el('p', { class: question.skipped ? 'skipped' : 'muted' }, status) : null);
    }),
  );
  if (answers.length > 0)
    showAnswer(
      Math.max(
        0,
        answers.findIndex((a) => a.take.uuid === moment.take),
      ),
      false,
    );
  return el(
    'section',
    { class: 'review', 'aria-labelledby': 'questions-heading' },
    el(
      'div',
      { class: 'review-player' },
      answers.length > 0 ? stage : el('p', { class: 'muted' }, text().workspace.watch.noTakes),
      answers.length > 1 ? el('div', { class: 'actions' }, previous, position, next) : null,
    ),
    el('div', { class: 'review-questions' }, el('h2', { id: 'questions-heading' }, text().workspace.watch.questions), list, scorecard),
  );
}

/** A live interview's call recordings, oldest first (a call left and rejoined may give several); one still going on says so. */
function recordingsSection(context: TranscriptContext, interview: Interview, recordings: Recording[], comments: Comments | null, moment: Moment): HTMLElement {
  const heading = el('h2', { id: 'recordings-heading' }, text().workspace.watch.recordingsHeading);
  const finished = interview.status === 'completed' || interview.status === 'expired' || interview.status === 'canceled';
  if (recordings.length === 0)
    return el(
      'section',
      { 'aria-labelledby': 'recordings-heading' },
      heading,
      el('p', { class: 'muted' }, finished ? text().workspace.watch.noRecordings : text().workspace.watch.recordingsNotYet),
    );
  const items = recordings.map((recording, index) => {
    const label =
      recording.duration_seconds === null
        ? text().workspace.watch.recordingNoLength(index + 1)
        : text().workspace.watch.recording(index + 1, text().common.duration(Math.round(recording.duration_seconds)));
    const src = `/v1.0/interviews/${interview.uuid}/recordings/${recording.uuid}/video`;
    const player = recording.ended_at === null ? null : takePlayer(src, label);
    if (player && recording.uuid === moment.recording) seekTo(player, moment.atMs);
    return el(
      'li',
      {},
      el('h3', {}, label),
      el('p', { class: 'muted' }, text().workspace.watch.recordingStarted(localTime(recording.started_at))),
      player ?? el('p', { class: 'notice' }, text().workspace.watch.recordingInProgress),
      player
        ? transcriptSlot(
            context,
            player,
            { kind: 'recording', interviewUuid: interview.uuid, recordingUuid: recording.uuid },
            `transcript-recording-${recording.uuid}`,
          )
        : null,
      player && comments && recording.duration_seconds !== null
        ? commentsPanel(comments, { recording_uuid: recording.uuid }, player, recording.duration_seconds, `recording-${recording.uuid}`)
        : null,
    );
  });
  return el('section', { 'aria-labelledby': 'recordings-heading' }, heading, el('ul', { class: 'recordings' }, ...items));
}

/** The call's chat beside its recordings (decision 039): each message with its time into the call, as plain text. */
function chatSection(messages: ChatMessage[]): HTMLElement {
  const heading = el('h2', { id: 'chat-heading' }, text().workspace.watch.chatHeading);
  if (messages.length === 0) return el('section', { 'aria-labelledby': 'chat-heading' }, heading, el('p', { class: 'muted' }, text().workspace.watch.noChat));
  const items = messages.map((message) =>
    el(
      'li',
      { class: 'chat-message' },
      el(
        'p',
        { class: 'chat-meta' },
        el(
          'time',
          { datetime: `PT${Math.floor(message.offset_seconds)}S`, title: localTime(message.sent_at) },
          text().workspace.watch.chatAt(clock(message.offset_seconds)),
        ),
        ' · ',
        el('span', { class: 'chat-author' }, message.author.name),
        ` (${message.author.role === 'candidate' ? text().workspace.watch.chatCandidate : text().workspace.watch.chatInterviewer})`,
      ),
      el('p', { class: 'chat-text' }, ...chatTextNodes(message.text)),
    ),
  );
  return el(
    'section',
    { 'aria-labelledby': 'chat-heading' },
    heading,
    el('ol', { class: 'chat-messages', 'aria-label': text().workspace.watch.chatMessages }, ...items),
  );
}

/** Every message of the call's chat (at most 500), a page of 100 at a time. */
async function callChat(uuid: string): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [];
  for (;;) {
    const range = `${messages.length}-${messages.length + 99}`;
    const page = (await ok(api.GET('/interviews/{interviewUuid}/chat', { params: { path: { interviewUuid: uuid }, query: { range } } }))).data;
    messages.push(...page);
    if (page.length < 100) return messages;
  }
}

/**
 * The interview's comments and the colleagues a comment can mention; null where there are none to show: the
 * interview cannot be evaluated yet (409), or the comments cannot be read now (the scorecard beside says why), so
 * the answers still play.
 */
async function commentsOf(interview: Interview, workspace: Workspace): Promise<Comments | null> {
  if (!takesVisible(interview)) return null;
  try {
    const comments = new Comments(interview.uuid, workspace, await colleaguesOf(workspace));
    await comments.load();
    return comments;
  } catch {
    return null;
  }
}

/** The caller's scorecard of the interview (`shared/evaluation-form.ts`), through the workspace's API client. */
async function scorecardSection(interview: Interview): Promise<HTMLElement> {
  const path = { params: { path: { interviewUuid: interview.uuid } } };
  const port: EvaluationPort = {
    load: async () => (await ok(api.GET('/interviews/{interviewUuid}/evaluations', path))).data,
    save: async (body) => (await ok(api.PUT('/interviews/{interviewUuid}/evaluations/mine', { ...path, body }))).data,
    submit: async () => (await ok(api.POST('/interviews/{interviewUuid}/evaluations/mine/submit', path))).data,
  };
  try {
    return await evaluationSection({ port, general: refusalSentence, id: 'evaluation' });
  } catch (error) {
    // The rest of the page (the answers, the rating, sharing) does not need the evaluations: it stays usable.
    return el(
      'section',
      { class: 'evaluation', 'aria-labelledby': 'evaluation-heading' },
      el('h2', { id: 'evaluation-heading' }, text().evaluation.heading),
      el('p', { class: 'refusal' }, refusalSentence(error)),
    );
  }
}

function ratingSection(interview: Interview): HTMLElement {
  const heading = el('h2', { id: 'rating-heading' }, text().workspace.watch.ratingHeading);
  if (interview.status !== 'completed')
    return el('section', { 'aria-labelledby': 'rating-heading' }, heading, el('p', { class: 'muted' }, text().workspace.watch.ratingOnlyCompleted));
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const group = el(
    'fieldset',
    { class: 'stars' },
    el('legend', {}, text().workspace.watch.ratingLegend),
    ...STARS.map((value) =>
      el(
        'span',
        { class: 'star' },
        el('input', { type: 'radio', name: 'rating', id: `star-${value}`, value: String(value), checked: interview.rating === value }),
        el(
          'label',
          { for: `star-${value}`, title: text().workspace.watch.star(value) },
          el('span', { 'aria-hidden': 'true' }, '★'),
          el('span', { class: 'visually-hidden' }, text().workspace.watch.star(value)),
        ),
      ),
    ),
  );
  group.addEventListener('change', (event) => {
    const value = Number((event.target as HTMLInputElement).value);
    alert.textContent = '';
    ok(api.PUT('/interviews/{interviewUuid}', { params: { path: { interviewUuid: interview.uuid } }, body: { rating: value } }))
      .then(() => toast(text().workspace.watch.ratingSaved(value)))
      .catch((error: unknown) => (alert.textContent = refusalSentence(error)));
  });
  return el('section', { 'aria-labelledby': 'rating-heading' }, heading, group, alert);
}

function shareSection(interview: Interview, workspace: Workspace): HTMLElement {
  const heading = el('h2', { id: 'share-heading' }, text().workspace.watch.shareHeading);
  if (interview.status !== 'completed')
    return el('section', { 'aria-labelledby': 'share-heading' }, heading, el('p', { class: 'muted' }, text().workspace.watch.shareOnlyCompleted));
  const body = el('div', {});
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const path = { interviewUuid: interview.uuid };
  const render = (link: Schemas['BasicShareLink'] | null) => {
    alert.textContent = '';
    if (!link) {
      const create = el('button', { type: 'button', class: 'secondary' }, text().workspace.watch.createShareLink);
      create.addEventListener('click', () => {
        create.disabled = true;
        ok(api.POST('/interviews/{interviewUuid}/share_link', { params: { path } }))
          .then((created) => render(created.data))
          .catch((error: unknown) => {
            create.disabled = false;
            alert.textContent = refusalSentence(error);
          });
      });
      body.replaceChildren(create);
      return;
    }
    const active = link.status === 'active';
    const url = input({ readonly: true, value: link.url, name: 'share-url' });
    const toggle = el('button', { type: 'button', class: 'secondary small' }, active ? text().workspace.watch.deactivate : text().workspace.watch.activate);
    toggle.addEventListener('click', () => {
      toggle.disabled = true;
      ok(
        api.PUT('/interviews/{interviewUuid}/share_link/{linkUuid}', {
          params: { path: { ...path, linkUuid: link.uuid } },
          body: { status: active ? 'inactive' : 'active' },
        }),
      )
        .then((changed) => render(changed.data))
        .catch((error: unknown) => {
          toggle.disabled = false;
          alert.textContent = refusalSentence(error);
        });
    });
    body.replaceChildren(
      field(text().workspace.watch.shareLink, url),
      el('p', { class: active ? 'ok' : 'muted' }, active ? text().workspace.watch.linkActive : text().workspace.watch.linkInactive),
      el(
        'div',
        { class: 'actions' },
        copyButton(() => link.url, text().workspace.watch.shareLink),
        toggle,
      ),
    );
  };
  render(interview.share_link);
  return el('section', { 'aria-labelledby': 'share-heading' }, heading, body, alert, reviewerSection(interview, workspace));
}

function reviewerSection(interview: Interview, workspace: Workspace): HTMLElement {
  const heading = el('h3', { id: 'reviewer-heading' }, text().workspace.watch.reviewerHeading);
  if (!workspace.plan?.features.advanced_share_links) return el('div', {}, heading, el('p', { class: 'muted' }, text().workspace.watch.reviewerNotInPlan));
  const name = input({ name: 'reviewer-name', autocomplete: 'off' });
  const email = input({ type: 'email', name: 'reviewer-email', autocomplete: 'off' });
  const form = el(
    'form',
    { class: 'form', novalidate: true, 'aria-labelledby': 'reviewer-heading' },
    formAlert(),
    field(text().workspace.watch.reviewerName, name, { apiField: 'reviewers.0.name' }),
    field(text().workspace.watch.reviewerEmail, email, { apiField: 'reviewers.0.email' }),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, text().workspace.watch.sendToReviewer)),
  );
  onSubmit(form, async () => {
    await ok(
      api.POST('/share_links', {
        body: { status: 'active', send_email: true, reviewers: [{ name: name.value, email: email.value }], interviews: [{ uuid: interview.uuid }] },
      }),
    );
    toast(text().workspace.watch.sentToReviewer(name.value));
    name.value = '';
    email.value = '';
  });
  return el('div', {}, heading, form);
}

function details(interview: Interview): HTMLElement {
  const lines = [
    text().workspace.watch.status(text().workspace.interviews.statuses[interview.status]),
    interview.type === 'live'
      ? text().workspace.watch.scheduled(localTime(interview.scheduled_at))
      : text().workspace.watch.due(localTime(interview.scheduled_at)),
    interview.completed_at ? text().workspace.watch.completed(localTime(interview.completed_at)) : null,
  ].filter((line): line is string => line !== null);
  return el(
    'div',
    { class: 'details' },
    el('p', {}, text().workspace.watch.job(interview.job_post?.title ?? text().workspace.common.none)),
    el('p', { class: 'muted' }, lines.join(' · ')),
  );
}

export async function watchScreen(workspace: Workspace, match: RegExpExecArray): Promise<void> {
  const uuid = match[1].toLowerCase();
  const interview = await interviewOrNotFound(workspace, uuid);
  if (!interview) return;
  // The question list, not the interview's embedded questions: only the former says which were skipped.
  const questions = (await ok(api.GET('/interviews/{interviewUuid}/questions', { params: { path: { interviewUuid: uuid } } }))).data;
  const takes = await Promise.all(
    questions.map((q) =>
      q.skipped || !takesVisible(interview)
        ? Promise.resolve([] as Take[])
        : ok(api.GET('/interviews/{interviewUuid}/questions/{questionUuid}/takes', { params: { path: { interviewUuid: uuid, questionUuid: q.uuid } } })).then(
            (r) => r.data,
          ),
    ),
  );
  const answers: Answer[] = questions.flatMap((question, questionIndex) =>
    takes[questionIndex].map((take) => ({ question, questionIndex, take, takeCount: takes[questionIndex].length })),
  );
  const recordings =
    interview.type === 'live' ? (await ok(api.GET('/interviews/{interviewUuid}/recordings', { params: { path: { interviewUuid: uuid } } }))).data : [];
  const chat = interview.type === 'live' ? await callChat(uuid) : [];
  const [comments, scorecard, settings] = await Promise.all([commentsOf(interview, workspace), scorecardSection(interview), settingsOrNull()]);
  const context: TranscriptContext = { workspace, settings };
  const moment = momentOfUrl();
  const candidate = interview.assigned_to?.name ?? text().workspace.common.none;
  renderPage(
    workspace,
    'interviews',
    candidate,
    el('p', {}, el('a', { href: '/interviews' }, text().workspace.watch.backToList)),
    details(interview),
    interview.type === 'live' ? null : accommodationsSection(interview),
    hasCall(interview) ? toolbar(linkButton(liveHref(interview.uuid), text().live.joinFromWatch)) : null,
    questions.length > 0 ? answersSection(context, interview, questions, answers, comments, moment, scorecard) : null,
    interview.type === 'live' ? el('div', { class: 'columns' }, recordingsSection(context, interview, recordings, comments, moment), chatSection(chat)) : null,
    questions.length > 0 ? null : scorecard,
    el('div', { class: 'columns' }, ratingSection(interview), shareSection(interview, workspace)),
  );
}
