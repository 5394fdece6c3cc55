import { text } from '../i18n/texts';
import { ApiError } from '../shared/api';
import { el } from '../shared/dom';
import { browserTimeZone, localTime } from '../shared/format';
import { api, ok, type Body, type Schemas } from './api';
import { instantOf, localInputValue } from './interviews';
import { questionEditor } from './question-editor';
import { copyButton } from './ui/copy';
import { field, formAlert, input, onSubmit, select } from './ui/form';
import { navigateWithToast } from './ui/toast';

/**
 * A job's open interview on its page (decision 045): on or off, its questions (typed, or copied from a question
 * set), its end date, and the link with a copy button. Only what changed is sent: questions typed here go out only
 * when edited (the job shows them without their takes and think time, which a resend would reset), the end date only
 * when moved. A refusal names `open_interview.<field>`; the controls here carry the part after it.
 */

type OpenJob = Pick<Schemas['Job'], 'uuid' | 'title' | 'status' | 'open_interview'>;
type OpenInterviewBody = NonNullable<Body<'/jobs/{jobUuid}', 'put'>['open_interview']>;

function radio(name: string, value: string, label: string, checked: boolean): HTMLElement {
  const id = `${name}-${value}`;
  return el('div', { class: 'choice' }, el('input', { type: 'radio', id, name, value, checked }), el('label', { for: id }, label));
}

/** The API names the open interview's fields from the job (`open_interview.questions.0.text`); the form's controls from it. */
function withinOpenInterview(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields = error.fieldErrors.map((f) => ({ ...f, field: f.field.replace(/^open_interview\./, '') }));
  return new ApiError(error.status, error.code, fields, error.retryAfter);
}

function state(job: OpenJob): HTMLElement {
  const open = job.open_interview;
  if (!open) return el('p', {}, el('span', { class: 'badge inactive' }, text().workspace.openInterview.off), ' ', text().workspace.openInterview.offSentence);
  if (open.status === 'inactive')
    return el('p', {}, el('span', { class: 'badge inactive' }, text().workspace.openInterview.off), ' ', text().workspace.openInterview.closedSentence);
  const link = el('input', { type: 'text', id: 'open-interview-link', readonly: true, value: open.link, 'aria-describedby': 'open-interview-link-hint' });
  link.addEventListener('focus', () => link.select());
  return el(
    'div',
    { class: 'open-interview-state' },
    el(
      'p',
      {},
      el('span', { class: 'badge active' }, text().workspace.openInterview.on),
      ' ',
      text().workspace.openInterview.until(localTime(open.expires_at)),
    ),
    job.status === 'inactive' ? el('p', { class: 'refusal' }, text().workspace.openInterview.jobInactive) : null,
    el('label', { for: 'open-interview-link' }, text().workspace.openInterview.link),
    el('p', { class: 'hint', id: 'open-interview-link-hint' }, text().workspace.openInterview.linkHint),
    el(
      'div',
      { class: 'link-row' },
      link,
      copyButton(() => open.link, text().workspace.openInterview.link),
      el('a', { href: new URL(open.link).pathname, target: '_blank', rel: 'noopener' }, text().workspace.openInterview.openLink),
    ),
  );
}

export function openInterviewSection(job: OpenJob, sets: Array<Schemas['QuestionSet']>): HTMLElement {
  const open = job.open_interview;
  const existing = open?.questions ?? [];
  const active = el('input', { type: 'checkbox', id: 'open-interview-active', 'data-field': 'status', checked: open?.status === 'active' });

  const typed = questionEditor(existing.map((q) => ({ text: q.text, time_limit: q.time_limit })));
  const typedAtFirst = JSON.stringify(typed.values());
  const set = select(Object.fromEntries<string>([['', text().workspace.invite.chooseSet], ...sets.map((s): [string, string] => [s.uuid, s.name])]), '', {
    name: 'open_interview_set',
  });
  const bySet = sets.length > 0 && existing.length === 0;
  const fromSet = el('div', { hidden: !bySet }, field(text().workspace.invite.questionSet, set, { apiField: 'interview_question_set' }));
  const typedBox = el('div', { hidden: bySet }, typed.element);
  const source = el(
    'fieldset',
    {},
    el('legend', {}, text().workspace.invite.questionsFrom),
    sets.length > 0 ? radio('open-source', 'set', text().workspace.invite.fromSet, bySet) : el('p', { class: 'muted' }, text().workspace.invite.noSets),
    radio('open-source', 'typed', text().workspace.invite.typed, !bySet),
    fromSet,
    typedBox,
  );
  source.addEventListener('change', () => {
    const choice = source.querySelector<HTMLInputElement>('input[name="open-source"]:checked')?.value;
    fromSet.hidden = choice !== 'set';
    typedBox.hidden = !fromSet.hidden;
  });

  const endAtFirst = open ? localInputValue(open.expires_at) : '';
  const end = input({ type: 'datetime-local', name: 'open_interview_expires_at', value: endAtFirst });

  const form = el(
    'form',
    { class: 'form', novalidate: true, 'aria-labelledby': 'open-interview-heading' },
    formAlert(),
    el('div', { class: 'choice' }, active, el('label', { for: 'open-interview-active' }, text().workspace.openInterview.active)),
    el('p', { id: 'open-interview-active-error', class: 'field-error', 'data-error-for': 'open-interview-active' }),
    source,
    field(text().workspace.openInterview.endDate, end, { apiField: 'expires_at', hint: text().workspace.openInterview.endDateHint(browserTimeZone()) }),
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, text().workspace.openInterview.save)),
  );

  onSubmit(form, async () => {
    const body: OpenInterviewBody = { status: active.checked ? 'active' : 'inactive' };
    if (end.value && end.value !== endAtFirst) body.expires_at = instantOf(end.value);
    if (!fromSet.hidden) {
      if (set.value) body.interview_question_set = set.value;
    } else if (JSON.stringify(typed.values()) !== typedAtFirst || existing.length === 0) {
      body.questions = typed.values().map(({ text, time_limit, takes, think_time }) => ({ text, time_limit, takes, think_time }));
    }
    try {
      await ok(api.PUT('/jobs/{jobUuid}', { params: { path: { jobUuid: job.uuid } }, body: { open_interview: body } }));
    } catch (error) {
      throw withinOpenInterview(error);
    }
    const turned = body.status !== (open?.status ?? 'inactive');
    const sentence = !turned
      ? text().workspace.openInterview.saved
      : body.status === 'active'
        ? text().workspace.openInterview.turnedOn
        : text().workspace.openInterview.turnedOff;
    navigateWithToast(`/jobs/${job.uuid}`, sentence(job.title));
  });

  return el(
    'section',
    { class: 'panel open-interview', 'aria-labelledby': 'open-interview-heading' },
    el('h2', { id: 'open-interview-heading' }, text().workspace.openInterview.heading),
    el('p', { class: 'muted' }, text().workspace.openInterview.intro),
    state(job),
    form,
  );
}
