import { en } from '../i18n/en';
import { LANGUAGE_NAMES, writtenLanguageOf } from '../i18n/language-names';
import { ws } from '../i18n/workspace';
import { ApiError } from '../shared/api';
import { el } from '../shared/dom';
import { browserTimeZone, localTime } from '../shared/format';
import { api, ok, type Body } from './api';
import { e164, parseCandidates, type CandidateLine } from './candidate-lines';
import { instantOf } from './interviews';
import { questionEditor } from './question-editor';
import { fieldSentence, refusalSentence } from './refusals';
import { clearRefusal, field, formAlert, input, select, showRefusal } from './ui/form';
import { renderPage, type Workspace } from './ui/frame';

/**
 * `/jobs/<uuid>/invite` and `/interviews/invite`: one or many candidates at once (pasted lines or a CSV file) to a
 * one-way interview (questions typed here or a question set, shown before sending) or a live one (date and time
 * in the user's zone, the interview's `timezone`), with the optional message, and phones with SMS consent where
 * the plan has SMS. A summary comes first; sending uses the API's array form in batches, with progress, and each
 * candidate gets their own result: invited, or refused with the reason.
 */

type CreateBody = Body<'/interviews', 'post'>;
type Assignee = { name: string; email: string; phone?: string; phone_parsed?: string };

/** Candidates per request: a list of 200 is ten requests, each small enough to answer within a second or two. */
const BATCH = 20;

interface Result {
  candidate: CandidateLine;
  refusal?: string;
}

function radio(name: string, value: string, label: string, checked: boolean): HTMLElement {
  const id = `${name}-${value}`;
  return el('div', { class: 'choice' }, el('input', { type: 'radio', id, name, value, checked }), el('label', { for: id }, label));
}

const checked = (root: HTMLElement, name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)?.value ?? '';

function timeZones(): string[] {
  const zones = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/**
 * The languages the candidate's emails can be written in, valued as the user's browser tag where it is that language
 * ("fr-CA" keeps Canadian dates), and the one chosen at first: the browser's language, else English (decision 047).
 */
function emailLanguages(): { options: Record<string, string>; chosen: string } {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  const own = tags.find((tag) => writtenLanguageOf(tag) !== undefined);
  const options: Record<string, string> = {};
  for (const [lang, name] of Object.entries(LANGUAGE_NAMES)) options[own && writtenLanguageOf(own) === lang ? own : lang] = name;
  return { options, chosen: own ?? 'en' };
}

/** Sends one batch; a validation refusal naming some candidates (`assigned_to.<n>.…`) refuses those and retries the rest. */
async function sendBatch(body: Omit<CreateBody, 'assigned_to'>, batch: CandidateLine[], assignee: (c: CandidateLine) => Assignee): Promise<Result[]> {
  try {
    await ok(api.POST('/interviews', { body: { ...body, assigned_to: batch.map(assignee) } }));
    return batch.map((candidate) => ({ candidate }));
  } catch (error) {
    const named = new Map<number, string>();
    if (error instanceof ApiError) {
      for (const refused of error.fieldErrors) {
        const at = /^assigned_to\.(\d+)(?:\.(\w+))?/.exec(refused.field);
        if (at) named.set(Number(at[1]), `${at[2] ?? ''} ${fieldSentence(refused.code)}`.trim());
      }
    }
    const onlyCandidates = error instanceof ApiError && named.size > 0 && error.fieldErrors.every((f) => f.field.startsWith('assigned_to.'));
    if (!onlyCandidates) return batch.map((candidate) => ({ candidate, refusal: refusalSentence(error) }));
    const rest = batch.filter((_, i) => !named.has(i));
    const retried = rest.length > 0 ? await sendBatch(body, rest, assignee) : [];
    return [...batch.flatMap((candidate, i) => (named.has(i) ? [{ candidate, refusal: named.get(i)! }] : [])), ...retried];
  }
}

export async function inviteScreen(workspace: Workspace, match: RegExpExecArray): Promise<void> {
  const fixedJob = match[1]?.toLowerCase();
  const [jobs, sets] = await Promise.all([
    fixedJob
      ? ok(api.GET('/jobs/{jobUuid}', { params: { path: { jobUuid: fixedJob } } })).then((r) => [r.data])
      : ok(api.GET('/jobs', { params: { query: { 'status[]': ['active'], orderby: 'title_asc', range: '0-99' } } })).then((r) => r.data),
    ok(api.GET('/question_sets')).then((r) => r.data),
  ]);
  const smsAllowed = workspace.plan?.features.interview_sms_notifications === true;

  const job = select(Object.fromEntries<string>([['', ws.invite.chooseJob], ...jobs.map((j): [string, string] => [j.uuid, j.title])]), fixedJob ?? '', {
    name: 'job',
    required: true,
  });
  const lines = el('textarea', { name: 'candidates', rows: 6, placeholder: ws.invite.placeholder });
  const csv = el('input', { type: 'file', name: 'csv', accept: '.csv,text/csv,text/plain' });
  const parsed = el('p', { class: 'muted', role: 'status' });
  const readLines = () => {
    const result = parseCandidates(lines.value);
    parsed.textContent = lines.value.trim() ? ws.invite.parsed(result.candidates.length) : '';
    return result;
  };
  lines.addEventListener('input', readLines);
  csv.addEventListener('change', () => {
    const file = csv.files?.[0];
    if (!file) return;
    void file.text().then((text) => {
      lines.value = [lines.value.trim(), text.trim()].filter(Boolean).join('\n');
      readLines();
    });
  });

  // One-way: a question set (its questions shown) or questions typed here; a due date.
  const setOptions = Object.fromEntries<string>([['', ws.invite.chooseSet], ...sets.map((s): [string, string] => [s.uuid, s.name])]);
  const set = select(setOptions, '', { name: 'question_set' });
  const setPreview = el('div', { class: 'set-preview' });
  set.addEventListener('change', () => {
    const chosen = sets.find((s) => s.uuid === set.value);
    setPreview.replaceChildren(
      ...(chosen
        ? [
            el('p', {}, ws.invite.setQuestions(chosen.questions.length)),
            el('ol', {}, ...chosen.questions.map((q) => el('li', {}, `${q.text} (${en.common.duration(q.time_limit)})`))),
          ]
        : []),
    );
  });
  const typed = questionEditor([]);
  const fromSet = el('div', { hidden: sets.length === 0 }, field(ws.invite.questionSet, set, { apiField: 'interview_question_set' }), setPreview);
  const typedBox = el('div', { hidden: sets.length > 0 }, typed.element);
  const source = el(
    'fieldset',
    {},
    el('legend', {}, ws.invite.questionsFrom),
    sets.length > 0 ? radio('source', 'set', ws.invite.fromSet, true) : el('p', { class: 'muted' }, ws.invite.noSets),
    radio('source', 'typed', ws.invite.typed, sets.length === 0),
    fromSet,
    typedBox,
  );
  source.addEventListener('change', () => {
    fromSet.hidden = checked(source, 'source') !== 'set';
    typedBox.hidden = !fromSet.hidden;
  });
  const due = input({ type: 'datetime-local', name: 'due' });
  const oneWay = el('div', {}, source, field(ws.invite.dueDate, due, { apiField: 'scheduled_at', hint: ws.invite.inYourZone(browserTimeZone()) }));

  // Live: the time in the user's zone, and the zone the candidate's email uses.
  const at = input({ type: 'datetime-local', name: 'live_at' });
  const zone = select(Object.fromEntries(timeZones().map((z) => [z, z])), browserTimeZone(), { name: 'timezone' });
  const live = el(
    'div',
    { hidden: true },
    field(ws.invite.liveAt, at, { apiField: 'scheduled_at', hint: ws.invite.inYourZone(browserTimeZone()) }),
    field(ws.invite.timezone, zone, { apiField: 'timezone', hint: ws.invite.timezoneHint }),
    // The API names no interviewers (decision 044): say who joins rather than ask for names nothing would keep.
    el('p', { class: 'muted' }, `${ws.invite.interviewers}: ${ws.invite.anyColleague}`),
  );
  const kind = el(
    'fieldset',
    {},
    el('legend', {}, ws.invite.kind),
    radio('kind', 'one_way', ws.invite.oneWay, true),
    radio('kind', 'live', ws.invite.live, false),
  );
  kind.addEventListener('change', () => {
    oneWay.hidden = checked(kind, 'kind') !== 'one_way';
    live.hidden = !oneWay.hidden;
  });

  const message = el('textarea', { name: 'email_message', rows: 3 });
  const languages = emailLanguages();
  const language = select(languages.options, languages.chosen, { name: 'language' });
  // Its own error line, so a refusal for want of consent is said beside the box (form.ts finds it by `data-error-for`).
  const consent = el('input', {
    type: 'checkbox',
    id: 'sms-consent',
    name: 'has_sms_consent',
    'data-field': 'has_sms_consent',
    'aria-describedby': 'sms-consent-error',
  });
  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    fixedJob ? null : field(ws.invite.job, job, { apiField: 'job_post' }),
    field(ws.invite.candidates, lines, { apiField: 'assigned_to', hint: ws.invite.candidatesHint }),
    parsed,
    field(ws.invite.csv, csv),
    kind,
    oneWay,
    live,
    field(`${ws.invite.message} ${ws.common.optional}`, message, { apiField: 'email_message' }),
    field(ws.invite.language, language, { apiField: 'language', hint: ws.invite.languageHint }),
    smsAllowed
      ? el(
          'div',
          {},
          el('div', { class: 'choice' }, consent, el('label', { for: 'sms-consent' }, ws.invite.smsConsent)),
          el('p', { id: 'sms-consent-error', class: 'field-error', 'data-error-for': 'sms-consent' }),
        )
      : null,
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, ws.invite.review)),
  );
  const summary = el('section', { class: 'summary', hidden: true, 'aria-labelledby': 'summary-heading' });
  const results = el('section', { class: 'results', hidden: true, 'aria-labelledby': 'results-heading' });

  const assignee = (c: CandidateLine): Assignee =>
    smsAllowed && c.phone ? { name: c.name, email: c.email, phone: c.phone, phone_parsed: e164(c.phone) } : { name: c.name, email: c.email };

  const bodyOf = (): Omit<CreateBody, 'assigned_to'> => {
    const type = checked(kind, 'kind') as CreateBody['type'];
    const body: Omit<CreateBody, 'assigned_to'> = {
      type,
      job_post: { uuid: fixedJob ?? job.value },
      scheduled_at: instantOf(type === 'live' ? at.value : due.value),
      timezone: type === 'live' ? zone.value : browserTimeZone(),
      language: language.value,
    };
    if (message.value.trim()) body.email_message = message.value;
    if (smsAllowed && consent.checked) body.has_sms_consent = true;
    if (type === 'one_way') {
      if (checked(source, 'source') === 'set') body.interview_question_set = set.value;
      else body.questions = typed.values().map(({ text, time_limit, takes, think_time }) => ({ text, time_limit, takes, think_time }));
    }
    return body;
  };

  const send = async (body: Omit<CreateBody, 'assigned_to'>, candidates: CandidateLine[], alreadyCreated: CandidateLine[] = []) => {
    summary.hidden = true;
    const total = alreadyCreated.length + candidates.length;
    const all: Result[] = alreadyCreated.map((candidate) => ({ candidate }));
    const progress = el('progress', { max: total, value: all.length });
    const status = el('p', { role: 'status' }, ws.invite.progress(all.length, total));
    results.hidden = false;
    results.replaceChildren(el('h2', { id: 'results-heading', tabindex: '-1' }, ws.invite.resultsHeading), progress, status);
    (results.firstElementChild as HTMLElement).focus();
    for (let i = 0; i < candidates.length; i += BATCH) {
      all.push(...(await sendBatch(body, candidates.slice(i, i + BATCH), assignee)));
      progress.value = all.length;
      status.textContent = ws.invite.progress(all.length, total);
    }
    const refused = all.filter((r) => r.refusal).length;
    status.textContent = ws.invite.resultSummary(all.length - refused, refused);
    progress.remove();
    results.append(
      el(
        'ul',
        { class: 'result-list' },
        ...all.map((r) =>
          el(
            'li',
            { class: r.refusal ? 'refused' : 'created' },
            `${r.candidate.name} <${r.candidate.email}>: `,
            el('span', { class: r.refusal ? 'refusal' : 'ok' }, r.refusal ? ws.invite.resultRefused(r.refusal) : ws.invite.resultCreated),
          ),
        ),
      ),
      el(
        'div',
        { class: 'actions' },
        el('a', { class: 'button', href: '/interviews' }, ws.invite.toInterviews),
        el('a', { class: 'button secondary', href: location.pathname }, ws.invite.inviteMore),
      ),
    );
    // What was refused stays typed, to correct and send again.
    lines.value = all
      .filter((r) => r.refusal)
      .map((r) => `${r.candidate.name} <${r.candidate.email}>${r.candidate.phone ? `, ${r.candidate.phone}` : ''}`)
      .join('\n');
    readLines();
    form.hidden = refused === 0;
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearRefusal(form);
    const { candidates, refused } = readLines();
    if (candidates.length === 0 || refused.length > 0) {
      const alert = form.querySelector<HTMLElement>('.form-alert')!;
      const lineField = lines;
      lineField.setAttribute('aria-invalid', 'true');
      const errorLine = document.querySelector<HTMLElement>(`[data-error-for="${lineField.id}"]`)!;
      errorLine.textContent = refused.length > 0 ? refused.map((r) => ws.invite.lineRefused(r.line, r.text)).join(' ') : ws.invite.noCandidates;
      alert.hidden = true;
      lineField.focus();
      return;
    }
    const body = bodyOf();
    const chosenSet = sets.find((s) => s.uuid === body.interview_question_set);
    const sentence =
      body.type === 'live'
        ? ws.invite.summaryLive(candidates.length, at.value ? localTime(body.scheduled_at) : ws.common.none, body.timezone ?? 'UTC')
        : ws.invite.summaryOneWay(
            candidates.length,
            ws.invite.summaryQuestions(chosenSet?.questions.length ?? body.questions?.length ?? 0),
            due.value ? localTime(body.scheduled_at) : ws.common.none,
          );
    const sendButton = el('button', { type: 'button' }, ws.invite.send(candidates.length));
    const back = el('button', { type: 'button', class: 'secondary' }, ws.invite.back);
    summary.replaceChildren(
      el('h2', { id: 'summary-heading', tabindex: '-1' }, ws.invite.summaryHeading),
      el('p', {}, sentence),
      chosenSet ? el('ol', {}, ...chosenSet.questions.map((q) => el('li', {}, q.text))) : '',
      el(
        'ul',
        { class: 'compact' },
        ...candidates.slice(0, 10).map((c) => el('li', {}, `${c.name} <${c.email}>`)),
        candidates.length > 10 ? el('li', {}, '…') : null,
      ),
      el('div', { class: 'actions' }, back, sendButton),
    );
    summary.hidden = false;
    form.hidden = true;
    (summary.firstElementChild as HTMLElement).focus();
    back.addEventListener('click', () => {
      summary.hidden = true;
      form.hidden = false;
      lines.focus();
    });
    sendButton.addEventListener('click', () => {
      sendButton.disabled = true;
      // The first batch alone first: a refusal of the whole request (a field of the form, the plan) goes back to
      // the form beside its cause instead of being repeated for every candidate.
      const first = candidates.slice(0, Math.min(BATCH, candidates.length));
      ok(api.POST('/interviews', { body: { ...body, assigned_to: first.map(assignee) } }))
        .then(() => send(body, candidates.slice(first.length), first))
        .catch((error: unknown) => {
          const aboutCandidates =
            error instanceof ApiError && error.fieldErrors.length > 0 && error.fieldErrors.every((f) => f.field.startsWith('assigned_to.'));
          if (aboutCandidates) return send(body, candidates);
          summary.hidden = true;
          form.hidden = false;
          showRefusal(form, error);
        });
    });
  });

  const title = fixedJob ? ws.invite.forJob(jobs[0].title) : null;
  renderPage(workspace, fixedJob ? 'jobs' : 'interviews', ws.invite.heading, title ? el('p', { class: 'muted' }, title) : null, form, summary, results);
}
