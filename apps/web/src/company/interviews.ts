import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { api, ok, totalOf, type Query, type Schemas } from './api';
import { decisionOutcome } from './decision-outcome';
import { irreversibleButton, openDialog } from './ui/dialog';
import { emptyState } from './ui/empty';
import { field, formAlert, input, onSubmit, select } from './ui/form';
import { linkButton, renderPage, toolbar, type Workspace } from './ui/frame';
import { hasCall, liveHref, watchHref } from './live-links';
import { breakable, dataTable, listState, pager } from './ui/table';
import { navigateWithToast } from './ui/toast';

/** At most this many characters are searched (the API's limit for `q`, decision 073). */
const SEARCH_MAX = 200;

/**
 * The search box (issue 43): the words go into the page's URL as `q` on submit (the list then reads
 * `GET /interviews?q=…`, paged like any other), and Clear removes them.
 */
function searchForm(words: string, go: (q: string) => void): HTMLElement {
  const t = text().workspace.interviews;
  const box = input({
    type: 'search',
    id: 'interview-search',
    name: 'q',
    value: words,
    placeholder: t.searchPlaceholder,
    maxlength: SEARCH_MAX,
    autocomplete: 'off',
    'aria-describedby': 'interview-search-hint',
  });
  const form = el(
    'form',
    { class: 'search', role: 'search', 'aria-label': t.search },
    el('label', { for: box.id }, t.search),
    el('div', { class: 'search-row' }, box, el('button', { type: 'submit', class: 'secondary' }, t.searchButton)),
    el('p', { class: 'hint', id: 'interview-search-hint' }, t.searchHint),
    words ? el('button', { type: 'button', class: 'link', onclick: () => go('') }, t.clearSearch) : null,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    go(box.value.trim());
  });
  return form;
}

/**
 * `/interviews`: the interviews this user may see, with the API's `status[]`, `type[]`, `orderby`, `range` and the
 * search's `q` kept in the page's URL; each row's decision and how many of its evaluators submitted (issue 40); from a row: watch,
 * reschedule, cancel and delete (asked first when nothing can be undone). Rows are selected by checkbox for a
 * decision on several at once (advance, reject, hold), confirmed in a dialog that says how many.
 */

const PAGE_SIZE = 20;
type Order = NonNullable<Query<'/interviews'>['orderby']>;
type Decision = Schemas['Decision']['decision'];
type Row = Pick<
  Schemas['Interview'],
  | 'uuid'
  | 'status'
  | 'type'
  | 'scheduled_at'
  | 'rating'
  | 'share_link'
  | 'assigned_to'
  | 'job_post'
  | 'decision'
  | 'evaluations_submitted'
  | 'evaluations_started'
>;
const DECISIONS: Decision[] = ['advance', 'reject', 'hold'];

const nameOf = (interview: Row) => interview.assigned_to?.name ?? text().workspace.common.none;
const OPEN: ReadonlyArray<Row['status']> = ['requested', 'accepted', 'expired'];

/** `<input type="datetime-local">`'s value for an instant, in this browser's time zone. */
export function localInputValue(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The instant a `datetime-local` value names in this browser's zone, as RFC 3339 with an offset; '' when empty. */
export function instantOf(localValue: string): string {
  if (!localValue) return '';
  const at = new Date(localValue);
  return Number.isNaN(at.getTime()) ? localValue : at.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function reschedule(interview: Row): void {
  const when = input({ type: 'datetime-local', name: 'scheduled_at', required: true, value: localInputValue(interview.scheduled_at) });
  const save = el('button', { type: 'submit' }, text().workspace.common.save);
  const cancel = el('button', { type: 'button', class: 'secondary' }, text().workspace.common.cancel);
  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    field(text().workspace.interviews.newTime, when, { apiField: 'scheduled_at' }),
    el('div', { class: 'actions' }, cancel, save),
  );
  const { close } = openDialog(text().workspace.interviews.rescheduleHeading(nameOf(interview)), form);
  cancel.addEventListener('click', close);
  onSubmit(form, async () => {
    await ok(api.PUT('/interviews/{interviewUuid}', { params: { path: { interviewUuid: interview.uuid } }, body: { scheduled_at: instantOf(when.value) } }));
    navigateWithToast(location.pathname + location.search, text().workspace.interviews.rescheduled(nameOf(interview)));
  });
}

function rowActions(interview: Row): HTMLElement {
  const alert = el('p', { class: 'refusal', role: 'alert' });
  const path = { params: { path: { interviewUuid: interview.uuid } } };
  const name = nameOf(interview);
  const here = location.pathname + location.search;
  const open = OPEN.includes(interview.status);
  const watch = interview.status === 'completed' ? text().workspace.interviews.watch : text().workspace.interviews.open;
  return el(
    'div',
    { class: 'row-actions' },
    el('a', { href: watchHref(interview.uuid), 'aria-label': `${watch}: ${name}` }, watch),
    hasCall(interview) ? el('a', { href: liveHref(interview.uuid), 'aria-label': `${text().live.joinFromList}: ${name}` }, text().live.joinFromList) : null,
    open
      ? el(
          'button',
          {
            type: 'button',
            class: 'secondary small',
            'aria-label': `${text().workspace.interviews.reschedule}: ${name}`,
            onclick: () => reschedule(interview),
          },
          text().workspace.interviews.reschedule,
        )
      : null,
    open
      ? irreversibleButton({
          label: text().workspace.interviews.cancelInterview,
          subject: name,
          sentence: text().workspace.interviews.cancelConfirm(name),
          work: () => ok(api.PUT('/interviews/{interviewUuid}', { ...path, body: { status: 'canceled' } })),
          then: { path: here, toast: text().workspace.interviews.canceled(name) },
          alert,
          kind: 'secondary small',
        })
      : null,
    irreversibleButton({
      label: text().workspace.interviews.deleteInterview,
      subject: name,
      sentence: text().workspace.interviews.deleteConfirm(name),
      work: () => ok(api.DELETE('/interviews/{interviewUuid}', path)),
      then: { path: here, toast: text().workspace.interviews.deleted(name) },
      alert,
      kind: 'danger small',
    }),
    alert,
  );
}

/** The decision, "2 of 3 evaluated" (nothing while nobody has started an evaluation), and the seed's rating. */
function evaluationCell(interview: Row): HTMLElement {
  const started = interview.evaluations_started;
  const submitted = interview.evaluations_submitted;
  const decision = interview.decision?.decision;
  const lines = [
    decision ? el('span', { class: `badge decision-${decision}` }, text().workspace.decisions.decisions[decision]) : null,
    started > 0 || submitted > 0 ? text().workspace.decisions.evaluated(submitted, Math.max(started, submitted)) : null,
    interview.rating === null ? text().workspace.interviews.notRated : text().workspace.interviews.stars(interview.rating),
  ].filter((line) => line !== null);
  return el('span', { class: 'lines' }, ...lines.map((line) => el('span', {}, line)));
}

/** The confirmation of a decision on the selected interviews: how many, whom; on a reject, whether to email them. */
function decideSelected(decision: Decision, selected: Row[]): void {
  const t = text().workspace.decisions;
  const action = t.actions[decision];
  const notify = el('input', { type: 'checkbox', id: 'decision-notify', name: 'notify_candidate', 'data-field': 'notify_candidate' });
  const message = el('textarea', { name: 'message', rows: 3, maxlength: 2000 });
  const messageField = field(t.message, message, { apiField: 'message', hint: t.messageHint });
  messageField.hidden = true;
  notify.addEventListener('change', () => (messageField.hidden = !notify.checked));
  const cancel = el('button', { type: 'button', class: 'secondary' }, text().workspace.common.cancel);
  const form = el(
    'form',
    { class: 'form', novalidate: true },
    formAlert(),
    el('p', {}, t.confirmText(action, selected.map(nameOf).join(', '))),
    decision === 'reject'
      ? el(
          'div',
          {},
          el('div', { class: 'choice' }, notify, el('label', { for: notify.id }, t.emailCandidates)),
          el('p', { class: 'hint', id: 'decision-notify-hint' }, t.emailHint),
        )
      : null,
    decision === 'reject' ? messageField : null,
    el('div', { class: 'actions' }, cancel, el('button', { type: 'submit', class: decision === 'reject' ? 'danger' : undefined }, action)),
  );
  notify.setAttribute('aria-describedby', 'decision-notify-hint');
  const { close } = openDialog(t.confirmTitle(action, selected.length), form);
  cancel.addEventListener('click', close);
  cancel.focus();
  onSubmit(form, async () => {
    const emailed = decision === 'reject' && notify.checked;
    const { results } = (
      await ok(
        api.POST('/interviews/decisions', {
          body: {
            interviews: selected.map((row) => row.uuid),
            decision,
            notify_candidate: emailed,
            message: emailed && message.value.trim() ? message.value : undefined,
          },
        }),
      )
    ).data;
    const names = new Map(selected.map((row) => [row.uuid, nameOf(row)]));
    navigateWithToast(
      location.pathname + location.search,
      decisionOutcome(results, (uuid) => names.get(uuid) ?? uuid, t.done[decision], t.outcome),
    );
  });
}

/** Checkboxes on the rows, "select all on this page", and the bar of decisions that shows with a selection. */
function selection(interviews: Row[]): { cell: (row: Row) => HTMLElement; bar: HTMLElement } {
  const t = text().workspace.decisions;
  const chosen = new Set<string>();
  const boxes = new Map<string, HTMLInputElement>();
  const all = el('input', { type: 'checkbox', id: 'select-all' });
  const count = el('p', { role: 'status', class: 'selected-count' });
  const actions = el(
    'div',
    { class: 'actions', hidden: true },
    ...DECISIONS.map((decision) =>
      el(
        'button',
        {
          type: 'button',
          class: decision === 'reject' ? 'danger small' : 'secondary small',
          onclick: () =>
            decideSelected(
              decision,
              interviews.filter((row) => chosen.has(row.uuid)),
            ),
        },
        t.actions[decision],
      ),
    ),
  );
  const sync = () => {
    all.checked = chosen.size > 0 && chosen.size === interviews.length;
    all.indeterminate = chosen.size > 0 && chosen.size < interviews.length;
    count.textContent = chosen.size > 0 ? t.selected(chosen.size) : '';
    actions.hidden = chosen.size === 0;
  };
  all.addEventListener('change', () => {
    for (const row of interviews) {
      if (all.checked) chosen.add(row.uuid);
      else chosen.delete(row.uuid);
      const box = boxes.get(row.uuid);
      if (box) box.checked = all.checked;
    }
    sync();
  });
  const cell = (row: Row) => {
    const box = el('input', { type: 'checkbox', 'aria-label': t.select(nameOf(row)) });
    box.addEventListener('change', () => {
      if (box.checked) chosen.add(row.uuid);
      else chosen.delete(row.uuid);
      sync();
    });
    boxes.set(row.uuid, box);
    return box;
  };
  const bar = el(
    'section',
    { class: 'bulk-bar', 'aria-label': t.bar },
    el('div', { class: 'choice' }, all, el('label', { for: all.id }, t.selectAll)),
    count,
    actions,
  );
  return { cell, bar };
}

export async function interviewsScreen(workspace: Workspace): Promise<void> {
  const state = listState({ status: '', type: '', orderby: 'scheduled_desc', from: '0', q: '' });
  const words = state.get('q').trim().slice(0, SEARCH_MAX);
  const status = state.get('status');
  const type = state.get('type');
  const order = (text().workspace.interviews.orders[state.get('orderby')] ? state.get('orderby') : 'scheduled_desc') as Order;
  const from = Math.max(0, Number.parseInt(state.get('from'), 10) || 0);
  const query: Query<'/interviews'> = { orderby: order, range: `${from}-${from + PAGE_SIZE - 1}` };
  if (words) query.q = words;
  if (text().workspace.interviews.statuses[status]) query['status[]'] = [status as Row['status']];
  if (text().workspace.interviews.types[type]) query['type[]'] = [type as Row['type']];
  const page = await ok(api.GET('/interviews', { params: { query } }));
  const interviews = page.data;
  const total = totalOf(page.response, interviews.length);

  const statusFilter = select({ '': text().workspace.interviews.anyStatus, ...text().workspace.interviews.statuses }, status, {
    id: 'interview-status',
    name: 'status',
  });
  const typeFilter = select({ '': text().workspace.interviews.anyType, ...text().workspace.interviews.types }, type, { id: 'interview-type', name: 'type' });
  statusFilter.addEventListener('change', () => state.go({ status: statusFilter.value, from: 0 }));
  typeFilter.addEventListener('change', () => state.go({ type: typeFilter.value, from: 0 }));
  const filters = el(
    'div',
    { class: 'filters' },
    el('div', {}, el('label', { for: 'interview-status' }, text().workspace.interviews.status), statusFilter),
    el('div', {}, el('label', { for: 'interview-type' }, text().workspace.interviews.type), typeFilter),
  );

  const selected = selection(interviews);
  const table = dataTable({
    caption: text().workspace.interviews.heading,
    rows: interviews,
    order,
    onSort: (orderby) => state.go({ orderby, from: 0 }),
    columns: [
      {
        label: text().workspace.interviews.candidate,
        primary: true,
        sort: { asc: 'candidate_asc', desc: 'candidate_desc' },
        // The row's checkbox beside its name: a column of its own would push the actions past a laptop's width.
        cell: (i) =>
          el(
            'span',
            { class: 'selectable' },
            selected.cell(i),
            el('span', {}, el('a', { href: watchHref(i.uuid) }, nameOf(i)), el('br'), el('span', { class: 'muted' }, breakable(i.assigned_to?.email ?? ''))),
          ),
      },
      { label: text().workspace.interviews.job, sort: { asc: 'job_asc', desc: 'job_desc' }, cell: (i) => i.job_post?.title ?? text().workspace.common.none },
      { label: text().workspace.interviews.type, cell: (i) => text().workspace.interviews.types[i.type] },
      { label: text().workspace.interviews.status, cell: (i) => el('span', { class: `badge ${i.status}` }, text().workspace.interviews.statuses[i.status]) },
      { label: text().workspace.interviews.when, sort: { asc: 'scheduled_asc', desc: 'scheduled_desc' }, cell: (i) => localTime(i.scheduled_at) },
      // The seed's rating beside the team's evaluation: one column, so the actions stay inside a laptop's width.
      { label: text().workspace.decisions.column, cell: evaluationCell },
      {
        label: text().workspace.interviews.shared,
        cell: (i) => (i.share_link?.status === 'active' ? text().workspace.common.yes : text().workspace.common.no),
      },
      { label: text().workspace.common.actions, cell: rowActions },
    ],
  });

  renderPage(
    workspace,
    'interviews',
    text().workspace.interviews.heading,
    toolbar(linkButton('/interviews/invite', text().workspace.interviews.invite)),
    searchForm(words, (q) => state.go({ q, from: 0 })),
    filters,
    interviews.length === 0
      ? emptyState(
          words ? text().workspace.interviews.noSearchMatch(words) : status || type ? text().workspace.interviews.noneMatch : text().workspace.interviews.none,
        )
      : selected.bar,
    interviews.length === 0 ? null : table,
    pager({ from, shown: interviews.length, total, pageSize: PAGE_SIZE, go: (next) => state.go({ from: next }) }),
  );
}
