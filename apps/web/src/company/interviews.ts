import { en } from '../i18n/en';
import { el, show } from '../shared/dom';
import { call } from '../shared/session-api';
import { dates, type Frame } from './frame';
import { hasCall, liveLink } from './live';

/**
 * `/interviews`: the signed-in user's interviews, filtered, sorted and paged with the API's own query (`status[]`,
 * `type[]`, `orderby`, `range`), kept in the page's URL so reload and Back show the same page.
 */

const PAGE_SIZE = 20;

interface ListedInterview {
  uuid: string;
  status: string;
  type: string;
  scheduled_at: string;
  completed_at: string | null;
  created_at: string;
  job_post: { title: string } | null;
  assigned_to: { name: string } | null;
}

function select(id: string, label: string, options: Record<string, string>, value: string, any: boolean): [HTMLLabelElement, HTMLSelectElement] {
  const node = el('select', { id, name: id });
  if (any) node.append(el('option', { value: '' }, en.company.any));
  for (const [key, text] of Object.entries(options)) node.append(el('option', { value: key, selected: key === value }, text));
  return [el('label', { for: id }, label), node];
}

export async function interviewsScreen(frame: Frame): Promise<void> {
  const params = new URLSearchParams(location.search);
  const status = params.get('status') ?? '';
  const type = params.get('type') ?? '';
  const order = en.company.orders[params.get('orderby') ?? ''] ? params.get('orderby')! : 'scheduled_desc';
  const from = Math.max(0, Number.parseInt(params.get('from') ?? '0', 10) || 0);

  const query = new URLSearchParams();
  if (status) query.append('status[]', status);
  if (type) query.append('type[]', type);
  query.set('orderby', order);
  query.set('range', `${from}-${from + PAGE_SIZE - 1}`);
  const page = await call<ListedInterview[]>('GET', `/v1.0/interviews?${query.toString()}`);
  // "items 0-19/42" or "items */0"
  const total = Number(/\/(\d+)$/.exec(page.headers.get('content-range') ?? '')?.[1] ?? page.body.length);

  const go = (change: Record<string, string | number>) => {
    const next = new URLSearchParams({
      status,
      type,
      orderby: order,
      from: String(from),
      ...Object.fromEntries(Object.entries(change).map(([k, v]) => [k, String(v)])),
    });
    for (const [key, value] of [...next.entries()]) if (value === '') next.delete(key);
    location.assign(`/interviews?${next.toString()}`);
  };

  const [statusLabel, statusSelect] = select('status', en.company.status, en.company.statuses, status, true);
  const [typeLabel, typeSelect] = select('type', en.company.type, en.company.types, type, true);
  const [orderLabel, orderSelect] = select('orderby', en.company.order, en.company.orders, order, false);
  const filters = el(
    'form',
    { class: 'filters' },
    statusLabel,
    statusSelect,
    typeLabel,
    typeSelect,
    orderLabel,
    orderSelect,
    el('button', { type: 'submit' }, en.company.apply),
  );
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    go({ status: statusSelect.value, type: typeSelect.value, orderby: orderSelect.value, from: 0 });
  });

  const items = page.body.map((interview) =>
    el(
      'li',
      {},
      el('a', { href: `/interview/${interview.uuid}/watch` }, en.company.row(interview.assigned_to?.name ?? '—', interview.job_post?.title ?? '—')),
      dates(interview),
      hasCall(interview) ? el('p', {}, liveLink(interview.uuid, en.live.joinFromList)) : null,
    ),
  );
  const paging = el(
    'nav',
    { 'aria-label': en.company.interviewsHeading },
    el('p', { role: 'status' }, total === 0 ? en.company.none : en.company.showing(from + 1, from + page.body.length, total)),
    from > 0 ? el('button', { type: 'button', class: 'secondary', onclick: () => go({ from: Math.max(0, from - PAGE_SIZE) }) }, en.company.previous) : null,
    from + PAGE_SIZE < total ? el('button', { type: 'button', class: 'secondary', onclick: () => go({ from: from + PAGE_SIZE }) }, en.company.next) : null,
  );
  document.title = en.company.interviewsHeading;
  show(
    frame.root,
    el('main', { class: 'card' }, frame.header, el('h1', {}, en.company.interviewsHeading), filters, el('ul', { class: 'interview-list' }, ...items), paging),
  );
}
