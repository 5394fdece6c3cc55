import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';
import { localTime, shortTime } from '../../shared/format';
import { api, ok, totalOf, type Query, type Schemas } from '../api';
import { watchHref } from '../live-links';
import { refusalSentence } from '../refusals';
import { emptyState } from '../ui/empty';
import { select } from '../ui/form';
import { dataTable, listState, pager } from '../ui/table';
import { attemptList } from './callback-attempts';

/**
 * The orders the company's applicant-tracking systems placed (decision 071), newest first, paged with `range` and
 * filtered by system and status (both kept in the page's URL): each with its interview, status, callbacks, and
 * "Send again", which queues the order's current state to its ATS (202) and says so beside the button.
 */

type Order = Schemas['AssessmentOrder'];

const PAGE_SIZE = 20;

const isUrl = (id: string) => /^https?:\/\//i.test(id);

/** What a row's controls name in their accessible names ("Send again: Ashby 4242"); a profile URL is no name. */
const subjectOf = (order: Order) =>
  `${text().workspace.ats.names[order.ats]} ${order.external_id && !isUrl(order.external_id) ? order.external_id : order.uuid.slice(0, 8)}`;

/** The ATS's id of the order: Greenhouse's is its profile URL of the candidate, shown as a link to it. */
function externalIdOf(order: Order): HTMLElement | null {
  const t = text().workspace.ats;
  const id = order.external_id;
  if (!id) return null;
  if (isUrl(id)) return el('a', { class: 'muted', href: id, target: '_blank', rel: 'noopener noreferrer' }, t.profileInAts(t.names[order.ats]));
  return el('span', { class: 'muted id' }, t.externalId(id));
}

function sendAgain(order: Order): HTMLElement {
  const t = text().workspace.ats;
  const said = el('p', { class: 'row-note', role: 'status' });
  const button = el('button', { type: 'button', class: 'secondary small', 'aria-label': `${t.sendAgain}: ${subjectOf(order)}` }, t.sendAgain);
  button.addEventListener('click', () => {
    button.disabled = true;
    said.className = 'row-note';
    said.textContent = '';
    ok(api.POST('/assessment_orders/{orderUuid}/callback', { params: { path: { orderUuid: order.uuid } } }))
      .then(
        () => (said.textContent = t.queued),
        (error: unknown) => {
          said.className = 'row-note refusal';
          said.textContent = refusalSentence(error);
        },
      )
      .finally(() => (button.disabled = false));
  });
  return el('div', { class: 'row-actions' }, button, said);
}

export interface OrdersPart {
  filters: HTMLElement;
  list: HTMLElement;
}

/** Loads the page of orders the URL asks for. */
export async function assessmentOrders(): Promise<OrdersPart> {
  const t = text().workspace.ats;
  const state = listState({ ats: '', status: '', from: '0' });
  const ats = t.names[state.get('ats')] ? state.get('ats') : '';
  const status = t.statuses[state.get('status')] ? state.get('status') : '';
  const from = Math.max(0, Number.parseInt(state.get('from'), 10) || 0);
  const query: Query<'/assessment_orders'> = { range: `${from}-${from + PAGE_SIZE - 1}` };
  if (ats) query['ats[]'] = [ats as Order['ats']];
  if (status) query['status[]'] = [status as Order['status']];
  const page = await ok(api.GET('/assessment_orders', { params: { query } }));
  const orders = page.data;
  const total = totalOf(page.response, orders.length);

  const systemFilter = select({ '': t.anySystem, ...t.names }, ats, { id: 'order-ats', name: 'ats' });
  const statusFilter = select({ '': t.anyStatus, ...t.statuses }, status, { id: 'order-status', name: 'status' });
  systemFilter.addEventListener('change', () => state.go({ ats: systemFilter.value, from: 0 }));
  statusFilter.addEventListener('change', () => state.go({ status: statusFilter.value, from: 0 }));
  // Nothing to filter before the first order.
  const filters = el(
    'div',
    { class: 'filters', hidden: orders.length === 0 && !ats && !status },
    el('div', {}, el('label', { for: systemFilter.id }, t.system), systemFilter),
    el('div', {}, el('label', { for: statusFilter.id }, t.status), statusFilter),
  );

  const table = dataTable({
    caption: t.ordersHeading,
    rows: orders,
    columns: [
      {
        label: t.order,
        primary: true,
        cell: (o) => el('span', { class: 'lines' }, el('span', {}, t.names[o.ats]), externalIdOf(o)),
      },
      {
        label: t.interview,
        cell: (o) => el('a', { href: watchHref(o.interview_uuid), 'aria-label': `${t.openInterview}: ${subjectOf(o)}` }, t.openInterview),
      },
      { label: t.status, cell: (o) => el('span', { class: `badge ${o.status}` }, t.statuses[o.status]) },
      { label: t.created, cell: (o) => el('time', { datetime: o.created_at, title: localTime(o.created_at) }, shortTime(o.created_at)) },
      { label: t.callbacks, cell: (o) => attemptList(o.callbacks) },
      { label: text().workspace.common.actions, cell: sendAgain },
    ],
  });
  const list = el(
    'div',
    {},
    orders.length === 0 ? emptyState(ats || status ? t.noneMatch : t.noOrders) : table,
    pager({ from, shown: orders.length, total, pageSize: PAGE_SIZE, go: (next) => state.go({ from: next }) }),
  );
  return { filters, list };
}
