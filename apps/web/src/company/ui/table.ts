import { text } from '../../i18n/texts';
import { el } from '../../shared/dom';

/**
 * A table of items with sortable columns and paging. Sorting is the API's `orderby` (or, for a list the API does
 * not sort, an order the page applies itself): a column names its ascending and descending values, its header is
 * a button, and `aria-sort` says which column sorts. On a phone each row becomes a card whose cells carry their
 * column's name (CSS reads `data-label`), so nothing scrolls sideways.
 */

type Cell = Node | string | null;

export interface Column<T> {
  label: string;
  cell: (row: T) => Cell;
  sort?: { asc: string; desc: string };
  /** The row's main link or name: first on a phone card, in bold. */
  primary?: boolean;
}

export interface TableOptions<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  order?: string;
  onSort?: (order: string) => void;
}

function header<T>(column: Column<T>, order: string | undefined, onSort: ((order: string) => void) | undefined): HTMLTableCellElement {
  const th = el('th', { scope: 'col' });
  if (!column.sort || !onSort) {
    th.textContent = column.label;
    return th;
  }
  const { asc, desc } = column.sort;
  const current = order === asc ? 'ascending' : order === desc ? 'descending' : undefined;
  if (current) th.setAttribute('aria-sort', current);
  const arrow = current === 'ascending' ? ' ▲' : current === 'descending' ? ' ▼' : '';
  th.append(
    el(
      'button',
      { type: 'button', class: 'sort', title: text().workspace.common.sortBy(column.label), onclick: () => onSort(current === 'ascending' ? desc : asc) },
      column.label,
      el('span', { 'aria-hidden': 'true' }, arrow),
    ),
  );
  return th;
}

/**
 * A long value without spaces (an email address) that may wrap in a narrow column at its natural joints, before the
 * `@` and after each dot, rather than widen the table or break anywhere (issue 40).
 */
export function breakable(value: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const part of value.split(/(?=@)|(?<=\.)/)) {
    if (fragment.childNodes.length > 0) fragment.append(el('wbr'));
    fragment.append(part);
  }
  return fragment;
}

export function dataTable<T>(options: TableOptions<T>): HTMLElement {
  const { columns } = options;
  const head = el('thead', {}, el('tr', {}, ...columns.map((column) => header(column, options.order, options.onSort))));
  const body = el(
    'tbody',
    {},
    ...options.rows.map((row) =>
      el('tr', {}, ...columns.map((column) => el('td', { 'data-label': column.label, class: column.primary ? 'primary' : undefined }, column.cell(row)))),
    ),
  );
  return el('div', { class: 'table-wrap' }, el('table', { class: 'data' }, el('caption', { class: 'visually-hidden' }, options.caption), head, body));
}

/** "21–40 of 57" with previous and next; `go(from)` loads another page. */
export function pager(options: { from: number; shown: number; total: number; pageSize: number; go: (from: number) => void }): HTMLElement {
  const { from, shown, total, pageSize, go } = options;
  return el(
    'nav',
    { class: 'pager', 'aria-label': text().workspace.common.pages },
    el('p', { role: 'status' }, total === 0 ? '' : text().workspace.common.showing(from + 1, from + shown, total)),
    from > 0 ? el('button', { type: 'button', class: 'secondary', onclick: () => go(Math.max(0, from - pageSize)) }, text().workspace.common.previous) : null,
    from + pageSize < total ? el('button', { type: 'button', class: 'secondary', onclick: () => go(from + pageSize) }, text().workspace.common.next) : null,
  );
}

/** A list page's state in its URL (reload and Back show the same page): read it, and go to a changed one. */
export function listState(defaults: Record<string, string>): { get: (key: string) => string; go: (change: Record<string, string | number>) => void } {
  const params = new URLSearchParams(location.search);
  const get = (key: string) => params.get(key) ?? defaults[key] ?? '';
  const go = (change: Record<string, string | number>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      if (value === '' || String(value) === defaults[key]) next.delete(key);
      else next.set(key, String(value));
    }
    const query = next.toString();
    location.assign(`${location.pathname}${query ? `?${query}` : ''}`);
  };
  return { get, go };
}
