import { text } from '../i18n/texts';
import { el } from '../shared/dom';
import { localTime } from '../shared/format';
import { api, ok } from './api';
import { emptyState } from './ui/empty';
import { linkButton, renderPage, toolbar, type Workspace } from './ui/frame';
import { dataTable, listState } from './ui/table';

/** `/question-sets`: the company's saved sets; the API does not sort them, so the page does (name or last change). */

export async function questionSetsScreen(workspace: Workspace): Promise<void> {
  const state = listState({ order: 'name_asc' });
  const order = state.get('order');
  const sets = (await ok(api.GET('/question_sets'))).data;
  const [key, direction] = order.split('_');
  sets.sort((a, b) => {
    const compared = key === 'updated' ? a.updated_at.localeCompare(b.updated_at) : a.name.localeCompare(b.name);
    return direction === 'desc' ? -compared : compared;
  });
  renderPage(
    workspace,
    'questionSets',
    text().workspace.questionSets.heading,
    toolbar(linkButton('/question-sets/new', text().workspace.questionSets.newSet)),
    sets.length === 0
      ? emptyState(text().workspace.questionSets.none, { label: text().workspace.questionSets.newSet, href: '/question-sets/new' })
      : dataTable({
          caption: text().workspace.questionSets.heading,
          rows: sets,
          order,
          onSort: (next) => state.go({ order: next }),
          columns: [
            {
              label: text().workspace.questionSets.name,
              primary: true,
              sort: { asc: 'name_asc', desc: 'name_desc' },
              cell: (s) => el('a', { href: `/question-sets/${s.uuid}` }, s.name),
            },
            { label: text().workspace.questionSets.questions, cell: (s) => text().workspace.questionSets.count(s.questions.length) },
            { label: text().workspace.questionSets.updated, sort: { asc: 'updated_asc', desc: 'updated_desc' }, cell: (s) => localTime(s.updated_at) },
          ],
        }),
  );
}
