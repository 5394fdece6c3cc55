import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { api, ok, totalOf, type Query, type Schemas } from './api';
import { refusalSentence } from './refusals';
import { emptyState } from './ui/empty';
import { select } from './ui/form';
import { linkButton, renderPage, toolbar, type Workspace } from './ui/frame';
import { dataTable, listState, pager } from './ui/table';
import { toast } from './ui/toast';

/** `/jobs`: the company's jobs with the API's status filter, order and paging; the plan's active-job slots. */

const PAGE_SIZE = 20;
type Order = NonNullable<Query<'/jobs'>['orderby']>;

export function jobSlots(workspace: Workspace): HTMLElement | null {
  const jobs = workspace.plan?.jobs;
  return jobs ? el('p', { class: 'muted', id: 'job-slots' }, text().workspace.jobs.slots(jobs.remaining, jobs.limit)) : null;
}

function statusToggle(job: Pick<Schemas['Job'], 'uuid' | 'title' | 'status'>): HTMLButtonElement {
  const activate = job.status === 'inactive';
  const button = el('button', { type: 'button', class: 'secondary small' }, activate ? text().workspace.jobs.activate : text().workspace.jobs.deactivate);
  button.setAttribute('aria-label', `${activate ? text().workspace.jobs.activate : text().workspace.jobs.deactivate}: ${job.title}`);
  button.addEventListener('click', () => {
    button.disabled = true;
    ok(api.PUT('/jobs/{jobUuid}', { params: { path: { jobUuid: job.uuid } }, body: { status: activate ? 'active' : 'inactive' } }))
      .then(() => {
        toast(activate ? text().workspace.jobs.activated(job.title) : text().workspace.jobs.deactivated(job.title));
        location.reload();
      })
      .catch((error: unknown) => {
        button.disabled = false;
        const line = el('p', { class: 'refusal', role: 'alert' }, refusalSentence(error));
        button.parentElement?.querySelector('.refusal')?.remove();
        button.after(line);
      });
  });
  return button;
}

export async function jobsScreen(workspace: Workspace): Promise<void> {
  const state = listState({ status: '', orderby: 'updated_desc', from: '0' });
  const status = state.get('status');
  const order = (text().workspace.jobs.orders[state.get('orderby')] ? state.get('orderby') : 'updated_desc') as Order;
  const from = Math.max(0, Number.parseInt(state.get('from'), 10) || 0);
  const page = await ok(
    api.GET('/jobs', {
      params: {
        query: {
          'status[]': status === 'active' || status === 'inactive' ? [status] : undefined,
          orderby: order,
          range: `${from}-${from + PAGE_SIZE - 1}`,
        },
      },
    }),
  );
  const jobs = page.data;
  const total = totalOf(page.response, jobs.length);

  const statusFilter = select({ '': text().workspace.jobs.anyStatus, ...text().workspace.jobs.statuses }, status, { id: 'job-status', name: 'status' });
  statusFilter.addEventListener('change', () => state.go({ status: statusFilter.value, from: 0 }));
  const filters = el('div', { class: 'filters' }, el('label', { for: 'job-status' }, text().workspace.jobs.status), statusFilter);

  const table = dataTable({
    caption: text().workspace.jobs.heading,
    rows: jobs,
    order,
    onSort: (orderby) => state.go({ orderby, from: 0 }),
    columns: [
      {
        label: text().workspace.jobs.title,
        primary: true,
        sort: { asc: 'title_asc', desc: 'title_desc' },
        cell: (job) => el('a', { href: `/jobs/${job.uuid}` }, job.title),
      },
      {
        label: text().workspace.jobs.location,
        sort: { asc: 'location_asc', desc: 'location_desc' },
        cell: (job) => job.location?.formatted_address ?? text().workspace.common.none,
      },
      { label: text().workspace.jobs.status, cell: (job) => el('span', { class: `badge ${job.status}` }, text().workspace.jobs.statuses[job.status]) },
      { label: text().workspace.jobs.updated, sort: { asc: 'updated_asc', desc: 'updated_desc' }, cell: (job) => localTime(job.updated_at) },
      {
        label: text().workspace.common.actions,
        cell: (job) =>
          el(
            'div',
            { class: 'row-actions' },
            job.status === 'active'
              ? el('a', { href: `/jobs/${job.uuid}/invite`, 'aria-label': `${text().workspace.jobs.invite}: ${job.title}` }, text().workspace.jobs.invite)
              : null,
            statusToggle(job),
          ),
      },
    ],
  });

  renderPage(
    workspace,
    'jobs',
    text().workspace.jobs.heading,
    toolbar(linkButton('/jobs/new', text().workspace.jobs.newJob)),
    jobSlots(workspace),
    filters,
    jobs.length === 0 ? emptyState(status ? text().workspace.jobs.noneMatch : text().workspace.jobs.none) : table,
    pager({ from, shown: jobs.length, total, pageSize: PAGE_SIZE, go: (next) => state.go({ from: next }) }),
  );
}
